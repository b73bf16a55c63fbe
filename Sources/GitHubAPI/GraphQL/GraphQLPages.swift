import APIClient

/// The pages of a GraphQL connection (`pageInfo { hasNextPage endCursor }`), one call per page, made as they are
/// iterated; see `GitHubClient.graphqlPages(_:variables:cursor:as:pageInfo:)`. An error ends the iteration and is
/// thrown by `next()`.
public struct GraphQLPages<Value: Decodable & Sendable>: AsyncSequence, Sendable {
    public typealias Element = Value
    public typealias Failure = APIError

    let client: GitHubClient
    let document: String
    let variables: GraphQLVariables
    let cursor: String
    let pageInfo: @Sendable (Value) -> GitHub.GraphQLPageInfo

    public func makeAsyncIterator() -> Iterator {
        Iterator(pages: self)
    }

    public struct Iterator: AsyncIteratorProtocol {
        let pages: GraphQLPages
        /// The variables of the next call; nil once the last page was fetched.
        private var upcoming: GraphQLVariables?
        private var seenCursors: Set<String> = []

        init(pages: GraphQLPages) {
            self.pages = pages
            self.upcoming = pages.variables
        }

        public mutating func next() async throws(APIError) -> Value? {
            try await next(isolation: nil)
        }

        public mutating func next(isolation actor: isolated (any Actor)?) async throws(APIError) -> Value? {
            guard let variables = upcoming else { return nil }
            upcoming = nil
            let page = try await pages.client.graphql(pages.document, variables: variables, as: Value.self)
            let info = pages.pageInfo(page)
            // A server that hands back a cursor already followed would loop: stop there.
            if info.hasNextPage, let endCursor = info.endCursor, seenCursors.insert(endCursor).inserted {
                var following = variables
                following[pages.cursor] = endCursor
                upcoming = following
            }
            return page
        }
    }
}
