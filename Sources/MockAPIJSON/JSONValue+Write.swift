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
            for (index, element) in elements.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                element.writeCompact(into: &output)
            }
            output.append(UInt8(ascii: "]"))
        case .object(let members):
            output.append(UInt8(ascii: "{"))
            for (index, member) in members.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                JSONValue.writeString(member.name, into: &output)
                output.append(UInt8(ascii: ":"))
                member.value.writeCompact(into: &output)
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
            } else if let inline = inlineArray(elements, indent: indent) {
                output.append(contentsOf: inline)
            } else {
                output.append(UInt8(ascii: "["))
                for (index, element) in elements.enumerated() {
                    output.append(contentsOf: index == 0 ? [UInt8(ascii: "\n")] : [UInt8(ascii: ","), UInt8(ascii: "\n")])
                    JSONValue.writeIndent(indent + 2, into: &output)
                    element.writePretty(into: &output, indent: indent + 2)
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
            for (index, member) in members.enumerated() {
                output.append(contentsOf: index == 0 ? [UInt8(ascii: "\n")] : [UInt8(ascii: ","), UInt8(ascii: "\n")])
                JSONValue.writeIndent(indent + 2, into: &output)
                JSONValue.writeString(member.name, into: &output)
                output.append(contentsOf: ": ".utf8)
                member.value.writePretty(into: &output, indent: indent + 2)
            }
            output.append(UInt8(ascii: "\n"))
            JSONValue.writeIndent(indent, into: &output)
            output.append(UInt8(ascii: "}"))
        }
    }

    private func inlineArray(_ elements: [JSONValue], indent: Int) -> [UInt8]? {
        var line: [UInt8] = [UInt8(ascii: "[")]
        for (index, element) in elements.enumerated() {
            switch element {
            case .array, .object: return nil
            default: break
            }
            if index > 0 { line.append(contentsOf: ", ".utf8) }
            element.writeCompact(into: &line)
            if indent + line.count >= JSONValue.prettyLineWidth { return nil }
        }
        line.append(UInt8(ascii: "]"))
        return line
    }

    private static func writeIndent(_ count: Int, into output: inout [UInt8]) {
        output.append(contentsOf: repeatElement(UInt8(ascii: " "), count: count))
    }

    /// Writes a string literal with the minimal escapes described in ``compactBytes()``.
    public static func writeString(_ value: String, into output: inout [UInt8]) {
        output.append(UInt8(ascii: "\""))
        var value = value
        value.withUTF8 { bytes in
            var runStart = 0
            for index in bytes.indices {
                let byte = bytes[index]
                guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
                output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
                runStart = index + 1
                switch byte {
                case UInt8(ascii: "\""): output.append(contentsOf: #"\""#.utf8)
                case UInt8(ascii: "\\"): output.append(contentsOf: #"\\"#.utf8)
                case 0x08: output.append(contentsOf: #"\b"#.utf8)
                case 0x0C: output.append(contentsOf: #"\f"#.utf8)
                case 0x0A: output.append(contentsOf: #"\n"#.utf8)
                case 0x0D: output.append(contentsOf: #"\r"#.utf8)
                case 0x09: output.append(contentsOf: #"\t"#.utf8)
                default:
                    let hex: [UInt8] = Array("0123456789abcdef".utf8)
                    output.append(contentsOf: #"\u00"#.utf8)
                    output.append(hex[Int(byte >> 4)])
                    output.append(hex[Int(byte & 0x0F)])
                }
            }
            output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart...]))
        }
        output.append(UInt8(ascii: "\""))
    }
}
