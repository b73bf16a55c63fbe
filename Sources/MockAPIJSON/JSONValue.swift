/// A JSON value that keeps what replaying a recording needs: object members in document order and
/// numbers as their literal text, so writing a parsed value gives back the bytes it was parsed from.
///
/// Equality is structural and order-sensitive (`{"a":1,"b":2}` ≠ `{"b":2,"a":1}`); compare by meaning with
/// ``canonicalText``.
public enum JSONValue: Sendable, Hashable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number as written, for example `1.50` or `12345678901234567890`: never rounded through a `Double`.
    case number(String)
    /// A string, unescaped.
    case string(String)
    /// An array, in order.
    case array([JSONValue])
    /// Members in document order; a repeated name is kept as written.
    case object([JSONMember])
}

/// One `"name": value` pair of a JSON object.
public struct JSONMember: Sendable, Hashable {
    /// The member's name, unescaped.
    public var name: String
    /// The member's value.
    public var value: JSONValue

    /// A member `name` with `value`.
    public init(_ name: String, _ value: JSONValue) {
        self.name = name
        self.value = value
    }
}

extension JSONValue {
    /// A number from an integer.
    public static func integer(_ value: some BinaryInteger) -> JSONValue { .number(String(value)) }

    /// An object from pairs, keeping their order.
    public static func object(_ pairs: KeyValuePairs<String, JSONValue>) -> JSONValue {
        .object(pairs.map { JSONMember($0.key, $0.value) })
    }

    /// The value of the first member with this name, when this is an object.
    public subscript(name: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.name == name }?.value
    }

    /// The string, when this is one.
    public var stringValue: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    /// The elements, when this is an array.
    public var arrayValue: [JSONValue]? {
        if case .array(let value) = self { return value }
        return nil
    }

    /// The members in order, when this is an object.
    public var objectValue: [JSONMember]? {
        if case .object(let value) = self { return value }
        return nil
    }

    /// The boolean, when this is one.
    public var boolValue: Bool? {
        if case .bool(let value) = self { return value }
        return nil
    }

    /// Whether this is `null`.
    public var isNull: Bool {
        if case .null = self { return true }
        return false
    }

    /// The value as an `Int` when it is a number written as an integer that fits.
    public var intValue: Int? {
        guard case .number(let literal) = self else { return nil }
        return Int(literal)
    }

    /// The value as a `Double` when it is a number (may round).
    public var doubleValue: Double? {
        guard case .number(let literal) = self else { return nil }
        return Double(literal)
    }

    /// What kind of value this is, phrased for error messages: "a string", "an object", …
    public var kindDescription: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}

extension JSONValue: CustomStringConvertible {
    /// The compact JSON text of the value.
    public var description: String { String(decoding: compactBytes(), as: UTF8.self) }
}
