import MockAPIGraphQL
import MockAPIJSON

extension RequestNormalizer {
    /// The key of a JSON body that is a GraphQL request whose document parses (and names its operation unambiguously);
    /// nil for any other body, which is then matched as JSON.
    ///
    /// Operation and document are compared in canonical form; `variables` and any other members as canonical JSON,
    /// with the values that recordings hold placeholders for blanked out at their body paths (`$.variables.token`),
    /// as in any JSON body, and the match rules' ignored fields left out at the same paths (`$.variables.input.id`,
    /// `$..id`).
    ///
    /// - Parameters:
    ///   - location: where the request is in the body: the root, or an element of a batch (`[.index(1)]`), for the
    ///     match rules' paths (`$[1].variables.id`).
    ///   - path: the same for the placeholders' paths, which name any array element `[*]`.
    func graphQLKey(_ body: JSONValue, at location: [JSONPathPattern.Location] = [], path: String = "$") -> GraphQLKey? {
        guard let parts = GraphQLBody(body) else { return nil }
        return graphQLKey(parts, at: location, path: path)
    }

    /// The keys of a batch (a JSON array of GraphQL requests), element by element; nil unless every element is a
    /// GraphQL request whose document parses.
    func graphQLBatchKey(_ body: JSONValue) -> [GraphQLKey]? {
        guard let batch = GraphQLBody.batch(body) else { return nil }
        var keys: [GraphQLKey] = []
        for (offset, parts) in batch.enumerated() {
            guard let key = graphQLKey(parts, at: [.index(offset)], path: "$[*]") else { return nil }
            keys.append(key)
        }
        return keys
    }

    private func graphQLKey(_ parts: GraphQLBody, at location: [JSONPathPattern.Location], path: String) -> GraphQLKey? {
        guard let operation = try? graphQLDocuments.document(parts.query).operation(named: parts.operationName) else {
            return nil
        }
        let variables = parts.variables.map { written in
            let shaped = rules.reshapesJSON
                ? rules.reshaped(written, at: location + [.member("variables")], ignored: ignoredJSON) : written
            return wildcardJSONPaths.isEmpty ? shaped : blankPlaceholders(shaped, at: path + ".variables")
        }
        let others = JSONValue.object(parts.otherMembers)
        return GraphQLKey(
            operation: GraphQLOperation.describe(type: operation.type, name: parts.operationName ?? operation.name),
            document: operation.canonicalText,
            variables: variables?.canonicalBytes() ?? GraphQLKey.noVariables,
            otherMembers: parts.otherMembers.isEmpty
                ? GraphQLKey.noVariables : (wildcardJSONPaths.isEmpty ? others : blankPlaceholders(others, at: path)).canonicalBytes(),
            isIntrospection: operation.isIntrospection)
    }
}

extension RequestNormalizer {
    /// For a request without a body whose query has a `query` parameter that is a GraphQL document (GraphQL over
    /// GET): its `query`, `operationName` and `variables` (JSON text) parameters become the key's GraphQL body, as if
    /// the request had POSTed them; any other parameter stays in the query. Nothing changes for any other request.
    func moveGraphQLParameters(of key: inout RequestKey) {
        guard key.query.contains(where: { $0.name == "query" }) else { return }
        var members: [JSONMember] = []
        for parameter in key.query {
            switch parameter.name {
            case "query", "operationName": members.append(JSONMember(parameter.name, .string(parameter.value)))
            case "variables":
                guard let variables = try? JSONValue.parse(parameter.value) else { return }
                members.append(JSONMember("variables", variables))
            default: continue
            }
        }
        guard let graphQL = graphQLKey(.object(members)) else { return }
        key.query.removeAll { ["query", "operationName", "variables"].contains($0.name) }
        key.body = .graphQL(graphQL)
    }
}

extension GraphQLKey {
    /// `{}`: no variables (absent and null alike).
    static let noVariables = Array("{}".utf8)
}
