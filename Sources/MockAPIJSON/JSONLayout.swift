/// One of the ways known JSON writers lay out a value, each rebuilt exactly from the value
/// (``JSONValue/bytes(in:)``): a recorded JSON body is kept as its value and its layout when writing the value in that
/// layout gives back exactly its bytes.
///
/// A layout's name is its spacing, then `+ascii` and `+newline` when they apply, in that order: `spaced`,
/// `indent2+newline`, `indent4+ascii`, `compact+newline`.
public struct JSONLayout: Sendable, Hashable {
    /// What goes between tokens.
    public enum Spacing: String, Sendable, CaseIterable {
        /// No whitespace at all: `{"a":1,"b":[1,2]}` (JavaScript's `JSON.stringify(v)`, Go, Ruby's `generate`).
        case compact
        /// A space after each `,` and `:`: `{"a": 1, "b": [1, 2]}` (Python's `json.dumps` default separators).
        case spaced
        /// One member or element a line, indented two spaces a level, `"name": value`, the `,` at the line's end and
        /// empty containers as `{}` and `[]` (`JSON.stringify(v, null, 2)`, Python's `indent=2`, Ruby's
        /// `pretty_generate`).
        case indent2
        /// The same with four spaces a level (Python's `indent=4`).
        case indent4
    }

    /// What goes between tokens.
    public var spacing: Spacing
    /// Whether every character outside ASCII (and DEL) is escaped as `\uXXXX` with lowercase hex digits, a surrogate
    /// pair beyond the Basic Multilingual Plane (Python's `ensure_ascii`, its default). Otherwise such characters are
    /// raw UTF-8.
    public var asciiOnly: Bool
    /// Whether the text ends with a newline (`"\n"`), as a writer that ends its output with a line does.
    public var trailingNewline: Bool

    public init(_ spacing: Spacing, asciiOnly: Bool = false, trailingNewline: Bool = false) {
        self.spacing = spacing
        self.asciiOnly = asciiOnly
        self.trailingNewline = trailingNewline
    }

    /// No whitespace, raw UTF-8, no final newline: what ``JSONValue/compactBytes()`` writes.
    public static let compact = JSONLayout(.compact)

    /// The layout's name, for example `indent2+newline`.
    public var name: String {
        spacing.rawValue + (asciiOnly ? "+ascii" : "") + (trailingNewline ? "+newline" : "")
    }

    /// The layout a name (``name``) names; nil for any other text.
    public init?(name: String) {
        var parts = name.split(separator: "+", omittingEmptySubsequences: false)[...]
        guard let first = parts.popFirst(), let spacing = Spacing(rawValue: String(first)) else { return nil }
        self.init(spacing)
        if parts.first == "ascii" {
            asciiOnly = true
            parts.removeFirst()
        }
        if parts.first == "newline" {
            trailingNewline = true
            parts.removeFirst()
        }
        guard parts.isEmpty else { return nil }
    }

    /// What names look like, for error messages.
    public static let namesDescription =
        "compact, spaced, indent2 or indent4, optionally followed by +ascii and then +newline (for example indent2+newline)"
}
