import MockAPICore
import MockAPIJSON
import Testing

/// The near misses of a GraphQL request rank recordings of the same operation first, then other operations, then
/// bodies that are not GraphQL at all, however many fields differ inside the operations.
struct GraphQLNearMissRankingTests {
    private typealias R = GraphQLRequests

    private func nearest(_ recorded: [Interaction], _ sent: HTTPRequest) async -> [Int] {
        let response = await Replayer.make([.make("api", recorded)]).respond(to: sent)
        return (response.json?["nearest"]?.arrayValue ?? []).compactMap { $0["index"]?.intValue }
    }

    /// The issue's case: a field added in three places of `query Q` is nearer to the recorded `query Q` than to
    /// `query P`, and both are nearer than `{"foo":1}`, which differs in one line only (`body: GraphQL … (recorded JSON)`).
    @Test func sameOperation_ranksAboveAnotherOperation_andAboveABodyThatIsNotGraphQL() async {
        let recorded = [
            R.recorded("query Q { x { name } y { name } z { name } }"),
            R.recorded("query P { w }"),
            Interaction.make("POST", "/graphql", requestBody: .json(try! JSONValue.parse(#"{"foo":1}"#))),
        ]
        let sent = R.sent("query Q { x { name kind } y { name kind } z { name kind } }")
        #expect(await nearest(recorded, sent) == [0, 1, 2])
    }

    /// The same operation name ranks first even when more of its fields differ than of another operation's.
    @Test func sameOperationName_ranksAboveAnotherWithFewerDifferences() async {
        let recorded = [
            R.recorded("query Other { a b c d }"),
            R.recorded("query Mine { e f g h }"),
        ]
        #expect(await nearest(recorded, R.sent("query Mine { a b c d }")) == [1, 0])
    }
}
