/// Why a text is not JSON, and where: the byte offset and, from it, the line and column (both from 1).
public struct JSONParseError: Error, Sendable, Equatable, CustomStringConvertible {
    public let reason: String
    public let offset: Int
    public let line: Int
    public let column: Int

    public init(reason: String, offset: Int, line: Int, column: Int) {
        self.reason = reason
        self.offset = offset
        self.line = line
        self.column = column
    }

    /// `line 3, column 17: invalid char in json text`
    public var description: String { "line \(line), column \(column): \(reason)" }
}
