/// One operation of a parsed GraphQL document, in canonical form, with its named fragments inlined.
package struct GraphQLOperation: Sendable, Hashable {
    /// `query`, `mutation` or `subscription`.
    package let type: String
    /// The name written in the document; nil for an anonymous operation (`{ viewer { login } }`).
    package let name: String?
    /// Variable definitions sorted by name, in canonical text: `($after:String,$first:Int!=10)`, or empty.
    package let variableDefinitions: String
    /// Directives on the operation, in canonical text.
    package let directives: String
    /// The top-level selections, sorted.
    package let selections: [GraphQLSelection]
    /// The document part of a request key: everything but the operation's type and name, in canonical text. Made
    /// once, when the document is parsed.
    package let canonicalText: String
    /// Whether it is a schema introspection: a query whose root selections are only `__schema`, `__type` and
    /// `__typename` fields, at least one of them `__schema` or `__type` (`{ __typename }` alone asks nothing of the
    /// schema). Every client library writes its own, and each version its own fields.
    package let isIntrospection: Bool

    package init(type: String, name: String?, variableDefinitions: String, directives: String, selections: [GraphQLSelection]) {
        self.type = type
        self.name = name
        self.variableDefinitions = variableDefinitions
        self.directives = directives
        self.selections = GraphQLSelection.sorted(selections)
        self.canonicalText = variableDefinitions + directives + GraphQLSelection.text(of: self.selections)
        let rootFields = selections.map { selection -> String? in
            if case .field(_, let name) = selection.kind { return name }
            return nil
        }
        self.isIntrospection = type == "query"
            && rootFields.allSatisfy { $0 == "__schema" || $0 == "__type" || $0 == "__typename" }
            && rootFields.contains { $0 == "__schema" || $0 == "__type" }
    }

    /// How a miss report names an operation: `query Repo`, or `query` for an anonymous one; `name` (the request's
    /// `operationName`) takes the place of the document's.
    package static func describe(type: String, name: String?) -> String {
        name.map { "\(type) \($0)" } ?? type
    }
}
