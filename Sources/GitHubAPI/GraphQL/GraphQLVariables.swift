import Foundation

/// The `variables` of a GraphQL call: names to any encodable values. `nil` values are sent as JSON `null`
/// (`["after": nil as String?]`), which GraphQL distinguishes from leaving a variable out.
public typealias GraphQLVariables = [String: any Encodable & Sendable]

/// The body GitHub's GraphQL endpoint takes: `{"query": …, "variables": {…}}`.
struct GraphQLRequestBody: Encodable {
    let query: String
    let variables: GraphQLVariables

    private enum CodingKeys: String, CodingKey { case query, variables }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(query, forKey: .query)
        var nested = container.nestedContainer(keyedBy: VariableName.self, forKey: .variables)
        for (name, value) in variables {
            try nested.encode(value, forKey: VariableName(stringValue: name))
        }
    }

    private struct VariableName: CodingKey {
        let stringValue: String
        init(stringValue: String) { self.stringValue = stringValue }
        var intValue: Int? { nil }
        init?(intValue: Int) { nil }
    }
}
