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

    package init(type: String, name: String?, variableDefinitions: String, directives: String, selections: [GraphQLSelection]) {
        self.type = type
        self.name = name
        self.variableDefinitions = variableDefinitions
        self.directives = directives
        self.selections = GraphQLSelection.sorted(selections)
        self.canonicalText = variableDefinitions + directives + GraphQLSelection.text(of: self.selections)
    }

    /// How a miss report names an operation: `query Repo`, or `query` for an anonymous one; `name` (the request's
    /// `operationName`) takes the place of the document's.
    package static func describe(type: String, name: String?) -> String {
        name.map { "\(type) \($0)" } ?? type
    }
}
