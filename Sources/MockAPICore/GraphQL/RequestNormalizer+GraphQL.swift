import MockAPIGraphQL
import MockAPIJSON

extension RequestNormalizer {
    /// The key of a JSON body that is a GraphQL request whose document parses (and names its operation unambiguously);
    /// nil for any other body, which is then matched as JSON.
    ///
    /// Operation and document are compared in canonical form; `variables` and any other members as canonical JSON,
    /// with the values that recordings hold placeholders for blanked out at their body paths (`$.variables.token`),
    /// as in any JSON body.
    func graphQLKey(_ body: JSONValue) -> GraphQLKey? {
        guard let parts = GraphQLBody(body),
            let operation = try? graphQLDocuments.document(parts.query).operation(named: parts.operationName)
        else { return nil }
        let variables = parts.variables.map { wildcardJSONPaths.isEmpty ? $0 : blankPlaceholders($0, at: "$.variables") }
        let others = JSONValue.object(parts.otherMembers)
        return GraphQLKey(
            operation: GraphQLOperation.describe(type: operation.type, name: parts.operationName ?? operation.name),
            document: operation.canonicalText,
            variables: variables?.canonicalBytes() ?? GraphQLKey.noVariables,
            otherMembers: parts.otherMembers.isEmpty
                ? GraphQLKey.noVariables : (wildcardJSONPaths.isEmpty ? others : blankPlaceholders(others, at: "$")).canonicalBytes())
    }
}

extension GraphQLKey {
    /// `{}`: no variables (absent and null alike).
    static let noVariables = Array("{}".utf8)
}
