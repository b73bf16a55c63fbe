extension JSONValue {
    /// The value written in `layout` (``JSONLayout``): members in stored order, numbers as written, strings with the
    /// escapes of ``compactBytes()`` (and, for an ASCII-only layout, `\uXXXX` for every character from DEL up).
    public func bytes(in layout: JSONLayout) -> [UInt8] {
        var output: [UInt8] = []
        if layout == .compact {
            writeCompact(into: &output)
        } else {
            write(in: layout, depth: 0, into: &output)
            if layout.trailingNewline { output.append(UInt8(ascii: "\n")) }
        }
        return output
    }

    private func write(in layout: JSONLayout, depth: Int, into output: inout [UInt8]) {
        switch self {
        case .null, .bool, .number:
            writeCompact(into: &output)
        case .string(let value):
            if layout.asciiOnly { JSONValue.writeASCIIString(value, into: &output) } else { JSONValue.writeString(value, into: &output) }
        case .array(let elements):
            guard !elements.isEmpty else { return output.append(contentsOf: "[]".utf8) }
            output.append(UInt8(ascii: "["))
            for index in elements.indices {
                if index > 0 { JSONValue.writeSeparator(layout, into: &output) }
                JSONValue.writeLineStart(layout, depth: depth + 1, into: &output)
                elements[index].write(in: layout, depth: depth + 1, into: &output)
            }
            JSONValue.writeLineStart(layout, depth: depth, into: &output)
            output.append(UInt8(ascii: "]"))
        case .object(let members):
            guard !members.isEmpty else { return output.append(contentsOf: "{}".utf8) }
            output.append(UInt8(ascii: "{"))
            for index in members.indices {
                if index > 0 { JSONValue.writeSeparator(layout, into: &output) }
                JSONValue.writeLineStart(layout, depth: depth + 1, into: &output)
                JSONValue.string(members[index].name).write(in: layout, depth: depth + 1, into: &output)
                output.append(UInt8(ascii: ":"))
                if layout.spacing != .compact { output.append(UInt8(ascii: " ")) }
                members[index].value.write(in: layout, depth: depth + 1, into: &output)
            }
            JSONValue.writeLineStart(layout, depth: depth, into: &output)
            output.append(UInt8(ascii: "}"))
        }
    }

    /// The `,` between two elements or members, and the space after it when the layout puts them on one line.
    private static func writeSeparator(_ layout: JSONLayout, into output: inout [UInt8]) {
        output.append(UInt8(ascii: ","))
        if layout.spacing == .spaced { output.append(UInt8(ascii: " ")) }
    }

    /// A new line indented for `depth`, when the layout indents.
    private static func writeLineStart(_ layout: JSONLayout, depth: Int, into output: inout [UInt8]) {
        let width = switch layout.spacing {
        case .compact, .spaced: 0
        case .indent2: 2
        case .indent4: 4
        }
        guard width > 0 else { return }
        output.append(UInt8(ascii: "\n"))
        writeIndent(width * depth, into: &output)
    }

    /// Writes a string literal with only ASCII in it: the escapes of ``writeString(_:into:)``, and `\uXXXX` (lowercase
    /// hex, a surrogate pair beyond U+FFFF) for DEL and every character outside ASCII, as Python's `ensure_ascii` does.
    static func writeASCIIString(_ value: String, into output: inout [UInt8]) {
        guard value.utf8.contains(where: { $0 >= 0x7F }) else { return writeString(value, into: &output) }
        output.append(UInt8(ascii: "\""))
        for scalar in value.unicodeScalars {
            let code = scalar.value
            if code < 0x7F {
                let byte = UInt8(code)
                if needsEscape(byte) { writeEscape(of: byte, into: &output) } else { output.append(byte) }
            } else if code <= 0xFFFF {
                writeUnicodeEscape(UInt16(code), into: &output)
            } else {
                let offset = code - 0x10000
                writeUnicodeEscape(UInt16(0xD800 + (offset >> 10)), into: &output)
                writeUnicodeEscape(UInt16(0xDC00 + (offset & 0x3FF)), into: &output)
            }
        }
        output.append(UInt8(ascii: "\""))
    }
}
