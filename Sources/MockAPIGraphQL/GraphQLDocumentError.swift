/// Why a GraphQL document could not be put in canonical form. Such a request is matched as plain JSON instead.
package enum GraphQLDocumentError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The parser's own message, with its line and column.
    case syntax(String)
    /// A spread names a fragment the document does not define.
    case unknownFragment(String)
    /// A fragment spreads itself, directly or through others.
    case fragmentCycle(String)
    /// No operation (only fragments or type definitions).
    case noOperation
    /// `operationName` names no operation of the document.
    case unknownOperation(String)
    /// Several operations and no `operationName` to choose one.
    case ambiguousOperation(count: Int)

    package var description: String {
        switch self {
        case .syntax(let message): "does not parse: \(message)"
        case .unknownFragment(let name): "spreads fragment \(name), which it does not define"
        case .fragmentCycle(let name): "fragment \(name) spreads itself"
        case .noOperation: "holds no operation"
        case .unknownOperation(let name): "has no operation named \(name) (its operationName)"
        case .ambiguousOperation(let count): "has \(count) operations and no operationName to choose one"
        }
    }
}
