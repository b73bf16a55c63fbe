/// The body part of a ``RequestKey`` for a GraphQL request: two requests that ask the same operation the same
/// question have equal keys, however their documents are laid out.
package struct GraphQLKey: Hashable, Sendable {
    /// Type and name: `query Repo` (`operationName`, else the document's), or `query` for an anonymous operation.
    package var operation: String
    /// The operation's document in canonical text (``GraphQLOperation/canonicalText``).
    package var document: String
    /// `variables` as canonical JSON (`{}` when absent or null), placeholder-covered values blanked.
    package var variables: [UInt8]
    /// The body's other members (`extensions`, …) as a canonical JSON object.
    package var otherMembers: [UInt8]
    /// Whether the operation is a schema introspection (``GraphQLOperation/isIntrospection``); follows from `document`.
    package var isIntrospection: Bool

    package init(operation: String, document: String, variables: [UInt8], otherMembers: [UInt8], isIntrospection: Bool) {
        self.operation = operation
        self.document = document
        self.variables = variables
        self.otherMembers = otherMembers
        self.isIntrospection = isIntrospection
    }
}

extension BodyKey {
    /// The GraphQL operation a body asks for (`query Repo`; a batch's, in order: `query A, query B`), when it is
    /// GraphQL.
    package var graphQLOperation: String? {
        graphQLOperations?.joined(separator: ", ")
    }

    /// The GraphQL operations a body asks for, in order; nil when it is not GraphQL.
    var graphQLOperations: [String]? {
        switch self {
        case .graphQL(let key): [key.operation]
        case .graphQLBatch(let keys): keys.map(\.operation)
        default: nil
        }
    }
}
