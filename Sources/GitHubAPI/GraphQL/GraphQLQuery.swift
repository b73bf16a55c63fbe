import APIClient
import Foundation

extension GitHub {
    /// `POST /graphql`: one GraphQL operation. Its answer is `{"data": …, "errors": […]}` with status 200 either way;
    /// `GitHubClient.graphql(_:variables:as:)` turns `errors` into `APIError.graphQL`.
    public struct GraphQLQuery<Value: Decodable & Sendable>: Endpoint {
        public typealias Response = GraphQLAnswer<Value>
        public var document: String
        public var variables: GraphQLVariables

        public init(_ document: String, variables: GraphQLVariables = [:], as type: Value.Type = Value.self) {
            self.document = document
            self.variables = variables
        }

        public var method: HTTPRequest.Method { .post }
        public var body: RequestBody? { .json(GraphQLRequestBody(query: document, variables: variables)) }
        public var path: String { "/graphql" }

        /// The answer, with its bytes kept for `APIError.graphQL`.
        public func decode(_ body: Data, from response: HTTPResponse) throws -> GraphQLAnswer<Value> {
            var answer = try decoder.decode(GraphQLAnswer<Value>.self, from: body)
            answer.body = body
            return answer
        }
    }

    /// A GraphQL answer: `data` (absent or null when nothing could be answered) and `errors`.
    public struct GraphQLAnswer<Value: Decodable & Sendable>: Decodable, Sendable {
        public let data: Value?
        public let errors: [GraphQLResponseError]
        /// The answer's bytes, as received.
        public internal(set) var body = Data()

        private enum CodingKeys: String, CodingKey { case data, errors }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            errors = try container.decodeIfPresent([GraphQLResponseError].self, forKey: .errors) ?? []
            // With errors, `data` may be partial (`{"enablePullRequestAutoMerge": null}`) and not decode as `Value`:
            // the errors say more than a decoding failure would.
            data = errors.isEmpty
                ? try container.decodeIfPresent(Value.self, forKey: .data)
                : try? container.decodeIfPresent(Value.self, forKey: .data)
        }
    }

    /// A connection's `pageInfo { hasNextPage endCursor }`.
    public struct GraphQLPageInfo: Decodable, Sendable, Hashable {
        public let hasNextPage: Bool
        public let endCursor: String?

        public init(hasNextPage: Bool, endCursor: String?) {
            self.hasNextPage = hasNextPage
            self.endCursor = endCursor
        }
    }
}
