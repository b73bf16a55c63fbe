/// An ordered list of header fields. Repeated names (`set-cookie`) are kept as separate fields; lookups ignore case.
package struct HTTPHeaders: Sendable, Hashable, ExpressibleByArrayLiteral {
    package struct Field: Sendable, Hashable {
        package var name: String
        package var value: String

        package init(_ name: String, _ value: String) {
            self.name = name
            self.value = value
        }
    }

    package var fields: [Field]

    package init(_ fields: [Field] = []) {
        self.fields = fields
    }

    package init(arrayLiteral elements: (String, String)...) {
        self.fields = elements.map { Field($0.0, $0.1) }
    }

    /// The value of the first field with this name, ignoring case.
    package subscript(name: String) -> String? {
        get { fields.first { $0.name.equalsIgnoringASCIICase(name) }?.value }
    }

    /// Every value of this name, in order.
    package func values(_ name: String) -> [String] {
        fields.filter { $0.name.equalsIgnoringASCIICase(name) }.map(\.value)
    }

    package func contains(_ name: String) -> Bool { self[name] != nil }

    package mutating func append(_ name: String, _ value: String) {
        fields.append(Field(name, value))
    }

    /// The fields `isIncluded` keeps, in order, gathered with room for all of them: the recorder filters every
    /// request's and answer's fields, and `Array.filter` grows its result a field at a time.
    package func keeping(where isIncluded: (Field) -> Bool) -> HTTPHeaders {
        var kept: [Field] = []
        kept.reserveCapacity(fields.count)
        for field in fields where isIncluded(field) { kept.append(field) }
        return HTTPHeaders(kept)
    }

    /// Removes every field with this name.
    package mutating func remove(_ name: String) {
        fields.removeAll { $0.name.equalsIgnoringASCIICase(name) }
    }

    /// Replaces every field of this name with one field, at the position of the first.
    package mutating func set(_ name: String, _ value: String) {
        guard let first = fields.firstIndex(where: { $0.name.equalsIgnoringASCIICase(name) }) else {
            append(name, value)
            return
        }
        fields[first].value = value
        var index = first + 1
        while index < fields.count {
            if fields[index].name.equalsIgnoringASCIICase(name) { fields.remove(at: index) } else { index += 1 }
        }
    }

    package var isEmpty: Bool { fields.isEmpty }
    package var count: Int { fields.count }
}

extension HTTPHeaders: Sequence {
    package func makeIterator() -> IndexingIterator<[Field]> { fields.makeIterator() }
}

extension StringProtocol {
    /// Compares ASCII letters without regard to case, as HTTP field names are compared. Inlinable, so that callers in
    /// other modules get it specialized for their string types.
    @inlinable
    package func equalsIgnoringASCIICase(_ other: some StringProtocol) -> Bool {
        let lhs = utf8, rhs = other.utf8
        guard lhs.count == rhs.count else { return false }
        for (a, b) in zip(lhs, rhs) where a != b {
            guard a | 0x20 == b | 0x20, (a | 0x20) >= UInt8(ascii: "a"), (a | 0x20) <= UInt8(ascii: "z") else {
                return false
            }
        }
        return true
    }
}
