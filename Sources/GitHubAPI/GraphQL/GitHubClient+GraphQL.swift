import APIClient
import Foundation

extension GitHubClient {
    /// Runs a GraphQL operation against `POST /graphql` and decodes its `data` as `Value`.
    ///
    /// ```swift
    /// struct Viewer: Decodable { struct User: Decodable { let login: String }; let viewer: User }
    /// let login = try await github.graphql("{ viewer { login } }", as: Viewer.self).viewer.login
    /// ```
    /// An answer with `errors` (GraphQL answers them with status 200) throws `APIError.graphQL` with every error and
    /// the whole answer; any other failure is the `APIError` a REST call would throw.
    public func graphql<Value: Decodable & Sendable>(
        _ document: String, variables: GraphQLVariables = [:], as type: Value.Type = Value.self
    ) async throws(APIError) -> Value {
        let query = GitHub.GraphQLQuery(document, variables: variables, as: Value.self)
        let (answer, response) = try await rest.sendWithResponse(query)
        let request = RequestSummary(method: "POST", url: rest.configuration.baseURL.absoluteString + query.path)
        guard answer.errors.isEmpty else {
            throw .graphQL(request: request, response: response, body: answer.body, errors: answer.errors)
        }
        guard let data = answer.data else {
            throw .decodingFailed(
                request: request, response: response, body: answer.body,
                underlying: DecodingError.valueNotFound(
                    Value.self, .init(codingPath: [], debugDescription: "The answer has no data and no errors.")))
        }
        return data
    }

    /// The pages of a connection, fetched as they are iterated: the operation is sent with `variables` (where
    /// `cursor` should be `nil`, sent as `null`), then again with `cursor` set to the last page's `endCursor` for as
    /// long as `pageInfo` says `hasNextPage` (and gives a cursor not seen before).
    ///
    /// ```swift
    /// let pages = github.graphqlPages(query, variables: ["owner": "o", "name": "r", "after": nil as String?],
    ///                                 cursor: "after", as: Stargazers.self) { $0.repository.stargazers.pageInfo }
    /// for try await page in pages { … }
    /// ```
    public func graphqlPages<Value: Decodable & Sendable>(
        _ document: String, variables: GraphQLVariables = [:], cursor: String, as type: Value.Type = Value.self,
        pageInfo: @escaping @Sendable (Value) -> GitHub.GraphQLPageInfo
    ) -> GraphQLPages<Value> {
        GraphQLPages(client: self, document: document, variables: variables, cursor: cursor, pageInfo: pageInfo)
    }
}
