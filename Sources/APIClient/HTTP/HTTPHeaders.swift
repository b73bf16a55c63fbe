/// An ordered list of HTTP header fields with case-insensitive lookup.
///
/// Order and repeated names are kept as given, so what a transport reports is what a caller sees.
/// `description` hides the values of credential headers (`Authorization`, `Cookie`, `Set-Cookie`,
/// `Proxy-Authorization`) so headers can be logged without leaking secrets.
public struct HTTPHeaders: Sendable, Hashable, Sequence, ExpressibleByDictionaryLiteral, CustomStringConvertible {
    /// One header line.
    public struct Field: Sendable, Hashable {
        /// The header's name, as given (compared case-insensitively).
        public var name: String
        /// The header's value.
        public var value: String

        /// A header line `name: value`.
        public init(name: String, value: String) {
            self.name = name
            self.value = value
        }
    }

    /// The fields in order.
    public private(set) var fields: [Field]

    /// Headers in the given order.
    public init(_ fields: [Field] = []) {
        self.fields = fields
    }

    /// Headers from `(name, value)` pairs, in order.
    public init(_ pairs: [(String, String)]) {
        self.fields = pairs.map { Field(name: $0.0, value: $0.1) }
    }

    /// Headers from a literal, in order: `["Accept": "application/json"]`.
    public init(dictionaryLiteral elements: (String, String)...) {
        self.init(elements)
    }

    /// Whether there are no headers.
    public var isEmpty: Bool { fields.isEmpty }
    /// The number of header lines; a name sent twice is two lines.
    public var count: Int { fields.count }

    /// The first value for `name` (case-insensitive). Setting replaces every field of that name; `nil` removes them.
    public subscript(name: String) -> String? {
        get { fields.first { $0.name.caseInsensitiveEquals(name) }?.value }
        set {
            guard let newValue else {
                remove(name)
                return
            }
            if let index = fields.firstIndex(where: { $0.name.caseInsensitiveEquals(name) }) {
                fields[index].value = newValue
                // Keep the first field in place and drop later duplicates.
                fields = fields.enumerated()
                    .filter { offset, field in offset <= index || !field.name.caseInsensitiveEquals(name) }
                    .map(\.element)
            } else {
                fields.append(Field(name: name, value: newValue))
            }
        }
    }

    /// Every value for `name` (case-insensitive), in order.
    public func values(for name: String) -> [String] {
        fields.filter { $0.name.caseInsensitiveEquals(name) }.map(\.value)
    }

    /// Whether a header named `name` (case-insensitive) is present.
    public func contains(_ name: String) -> Bool {
        fields.contains { $0.name.caseInsensitiveEquals(name) }
    }

    /// Appends a field, keeping any existing fields of the same name.
    public mutating func add(_ name: String, _ value: String) {
        fields.append(Field(name: name, value: value))
    }

    /// Removes every field named `name` (case-insensitive).
    public mutating func remove(_ name: String) {
        fields.removeAll { $0.name.caseInsensitiveEquals(name) }
    }

    /// These headers with every name in `other` replaced by `other`'s fields.
    public func merging(_ other: HTTPHeaders) -> HTTPHeaders {
        var merged = self
        for name in Set(other.fields.map { $0.name.lowercased() }) {
            merged.remove(name)
        }
        merged.fields.append(contentsOf: other.fields)
        return merged
    }

    /// The header lines in order.
    public func makeIterator() -> IndexingIterator<[Field]> {
        fields.makeIterator()
    }

    static let credentialNames: Set<String> = ["authorization", "proxy-authorization", "cookie", "set-cookie"]

    /// The headers one per line, credentials (`Authorization`, `Cookie`, …) shown as `<redacted>`.
    public var description: String {
        let shown = fields.map { field in
            let value = Self.credentialNames.contains(field.name.lowercased()) ? "<redacted>" : field.value
            return "\(field.name): \(value)"
        }
        return "[" + shown.joined(separator: ", ") + "]"
    }
}

extension String {
    func caseInsensitiveEquals(_ other: String) -> Bool {
        self.utf8.count == other.utf8.count && self.lowercased() == other.lowercased()
    }
}
