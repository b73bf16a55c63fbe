import APIClient
import MockAPITesting
import Testing

/// Swift Testing with the trait: pages of items, followed through `Link: rel="next"` to the end.
struct ItemsTests {
    @Test(.cassette("standin/items", upstream: StandIn.upstream))
    func walksEveryPage() async throws {
        let server = try #require(CassetteServer.current)
        let client = StandIn.client(server.baseURL)
        let items = try await client.pages(StandIn.ListItems()).allItems()
        #expect(items.map(\.id) == [1, 2, 3, 4, 5, 6])
        if StandIn.step("extra") {
            #expect(try await client.send(StandIn.GetExtra()).extra)
        }
        if StandIn.step("unrecorded") {
            _ = try? await client.request(.get, "/nobody-recorded-this").data()
        }
    }
}
