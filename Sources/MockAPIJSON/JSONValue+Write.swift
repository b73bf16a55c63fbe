extension JSONValue {
    /// The value as compact JSON: no whitespace, members in stored order, numbers as written, strings escaping only
    /// `"`, `\` and control characters (as `\b \f \n \r \t` or `\u00xx`), everything else as raw UTF-8.
    ///
    /// A recorded body is stored as JSON only when this reproduces its bytes exactly, so replay serves these bytes.
    public func compactBytes() -> [UInt8] {
        var output: [UInt8] = []
        writeCompact(into: &output)
        return output
    }

    public func writeCompact(into output: inout [UInt8]) {
        switch self {
        case .null: output.append(contentsOf: "null".utf8)
        case .bool(let value): output.append(contentsOf: (value ? "true" : "false").utf8)
        case .number(let literal): output.append(contentsOf: literal.utf8)
        case .string(let value): JSONValue.writeString(value, into: &output)
        case .array(let elements):
            output.append(UInt8(ascii: "["))
            for index in elements.indices {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                elements[index].writeCompact(into: &output)
            }
            output.append(UInt8(ascii: "]"))
        case .object(let members):
            output.append(UInt8(ascii: "{"))
            for index in members.indices {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                JSONValue.writeString(members[index].name, into: &output)
                output.append(UInt8(ascii: ":"))
                members[index].value.writeCompact(into: &output)
            }
            output.append(UInt8(ascii: "}"))
        }
    }

    /// The value laid out for people: two-space indentation, `"name": value`, and arrays of scalars on one line when
    /// they fit in ``prettyLineWidth`` columns (so a header pair reads `["accept", "application/json"]`).
    public func prettyBytes() -> [UInt8] {
        var output: [UInt8] = []
        writePretty(into: &output, indent: 0)
        return output
    }

    /// The width under which an array of scalars is written on one line.
    public static let prettyLineWidth = 100

    public func writePretty(into output: inout [UInt8], indent: Int) {
        switch self {
        case .null, .bool, .number, .string:
            writeCompact(into: &output)
        case .array(let elements):
            if elements.isEmpty {
                output.append(contentsOf: "[]".utf8)
            } else if !JSONValue.writeInline(elements, indent: indent, into: &output) {
                output.append(UInt8(ascii: "["))
                for index in elements.indices {
                    if index > 0 { output.append(UInt8(ascii: ",")) }
                    output.append(UInt8(ascii: "\n"))
                    JSONValue.writeIndent(indent + 2, into: &output)
                    elements[index].writePretty(into: &output, indent: indent + 2)
                }
                output.append(UInt8(ascii: "\n"))
                JSONValue.writeIndent(indent, into: &output)
                output.append(UInt8(ascii: "]"))
            }
        case .object(let members):
            if members.isEmpty {
                output.append(contentsOf: "{}".utf8)
                return
            }
            output.append(UInt8(ascii: "{"))
            for index in members.indices {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                output.append(UInt8(ascii: "\n"))
                JSONValue.writeIndent(indent + 2, into: &output)
                JSONValue.writeString(members[index].name, into: &output)
                output.append(UInt8(ascii: ":"))
                output.append(UInt8(ascii: " "))
                members[index].value.writePretty(into: &output, indent: indent + 2)
            }
            output.append(UInt8(ascii: "\n"))
            JSONValue.writeIndent(indent, into: &output)
            output.append(UInt8(ascii: "}"))
        }
    }

    /// Writes an array of scalars on one line (`[1, "a"]`) when it fits in ``prettyLineWidth`` columns from `indent`;
    /// otherwise leaves `output` as it was and returns false.
    private static func writeInline(_ elements: [JSONValue], indent: Int, into output: inout [UInt8]) -> Bool {
        let start = output.count
        output.append(UInt8(ascii: "["))
        for index in elements.indices {
            switch elements[index] {
            case .array, .object:
                output.removeSubrange(start...)
                return false
            default: break
            }
            if index > 0 {
                output.append(UInt8(ascii: ","))
                output.append(UInt8(ascii: " "))
            }
            elements[index].writeCompact(into: &output)
            if indent + output.count - start >= JSONValue.prettyLineWidth {
                output.removeSubrange(start...)
                return false
            }
        }
        output.append(UInt8(ascii: "]"))
        return true
    }

    static func writeIndent(_ count: Int, into output: inout [UInt8]) {
        var left = count
        while left > 0 {
            let run = min(left, spaces.count)
            output.append(contentsOf: spaces[..<run])
            left -= run
        }
    }

    private static let spaces = [UInt8](repeating: UInt8(ascii: " "), count: 64)

    /// Writes a string literal with the minimal escapes described in ``compactBytes()``.
    public static func writeString(_ value: String, into output: inout [UInt8]) {
        output.append(UInt8(ascii: "\""))
        writeEscaped(value.utf8, into: &output)
        output.append(UInt8(ascii: "\""))
    }

    /// The bytes of a string's contents, escaped. Most strings need no escape: found eight bytes at a time, they are
    /// appended whole (a byte at a time, reading the 185 MB bench set took a sixth more CPU).
    static func writeEscaped(_ utf8: String.UTF8View, into output: inout [UInt8]) {
        let bytes = utf8.span
        let count = bytes.count
        var index = 0
        while index + 8 <= count, !mayNeedEscape(bytes.word(at: index)) { index += 8 }
        while index < count, !needsEscape(bytes[index]) { index += 1 }
        guard index < count else {
            // Copied as one block (`append(contentsOf: utf8)` takes the generic, byte-at-a-time path).
            bytes.withUnsafeBufferPointer { output.append(contentsOf: $0) }
            return
        }
        output.reserveCapacity(output.count + count + 8)
        for offset in 0..<count {
            let byte = bytes[offset]
            if needsEscape(byte) { writeEscape(of: byte, into: &output) } else { output.append(byte) }
        }
    }

    /// Writes the escape of a byte that ``needsEscape(_:)``: the short form where there is one, else `\u00xx`.
    static func writeEscape(of byte: UInt8, into output: inout [UInt8]) {
        switch byte {
        case UInt8(ascii: "\""): output.append(contentsOf: #"\""#.utf8)
        case UInt8(ascii: "\\"): output.append(contentsOf: #"\\"#.utf8)
        case 0x08: output.append(contentsOf: #"\b"#.utf8)
        case 0x0C: output.append(contentsOf: #"\f"#.utf8)
        case 0x0A: output.append(contentsOf: #"\n"#.utf8)
        case 0x0D: output.append(contentsOf: #"\r"#.utf8)
        case 0x09: output.append(contentsOf: #"\t"#.utf8)
        default: writeUnicodeEscape(UInt16(byte), into: &output)
        }
    }

    /// Writes `\u` and the four lowercase hex digits of a UTF-16 code unit.
    static func writeUnicodeEscape(_ unit: UInt16, into output: inout [UInt8]) {
        output.append(contentsOf: #"\u"#.utf8)
        for shift in stride(from: 12, through: 0, by: -4) {
            output.append(hexDigits[Int((unit >> UInt16(shift)) & 0x0F)])
        }
    }

    private static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)

    /// Whether the writer escapes this byte: a control character, `"` or a backslash.
    @inline(__always)
    static func needsEscape(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
    }

    /// Whether one of eight bytes may need an escape: a control character, `"` or a backslash. Never false when one does
    /// (the classic "has a byte less than n" and "has a zero byte" word tests).
    @inline(__always)
    static func mayNeedEscape(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        let quote = word ^ (ones &* 0x22)
        let backslash = word ^ (ones &* 0x5C)
        let control = (word &- ones &* 0x20) & ~word
        return (control | ((quote &- ones) & ~quote) | ((backslash &- ones) & ~backslash)) & highs != 0
    }
}
