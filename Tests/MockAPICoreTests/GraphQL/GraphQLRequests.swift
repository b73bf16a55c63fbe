import MockAPICore
import MockAPIJSON

/// Builders for GraphQL requests, recorded and incoming: a body `{"query", "variables", "operationName"}`.
enum GraphQLRequests {
    static func body(_ query: String, variables: String? = nil, operationName: String? = nil) -> String {
        var members = [JSONMember("query", .string(query))]
        if let variables { members.append(JSONMember("variables", try! JSONValue.parse(variables))) }
        if let operationName { members.append(JSONMember("operationName", .string(operationName))) }
        return String(decoding: JSONValue.object(members).compactBytes(), as: UTF8.self)
    }

    static func recorded(
        _ query: String, variables: String? = nil, operationName: String? = nil, path: String = "/graphql", status: Int = 200,
        answer: String = #"{"data":{}}"#
    ) -> Interaction {
        .make(
            "POST", path, status: status, body: .json(try! JSONValue.parse(answer)),
            requestBody: .json(try! JSONValue.parse(body(query, variables: variables, operationName: operationName))))
    }

    static func sent(_ query: String, variables: String? = nil, operationName: String? = nil, path: String = "/graphql")
        -> HTTPRequest
    {
        .post(path, json: body(query, variables: variables, operationName: operationName))
    }

    /// A GitHub query with variables, an alias, arguments, a named fragment and nesting.
    static let repoQuery = """
        query Repo($owner: String!, $name: String!, $after: String) {
          repository(owner: $owner, name: $name) {
            ...RepoParts
            issues(first: 20, after: $after, states: [OPEN, CLOSED], orderBy: {field: CREATED_AT, direction: DESC}) {
              nodes { number title }
              pageInfo { hasNextPage endCursor }
            }
          }
        }
        fragment RepoParts on Repository { id owner { login } stars: stargazerCount }
        """
    static let repoVariables = #"{"owner":"octocat","name":"hello","after":null}"#
}
