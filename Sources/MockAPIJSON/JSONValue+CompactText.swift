extension JSONValue {
    /// Whether JSON text is written exactly as ``compactBytes()`` writes the value it parses into, known from one pass
    /// over its bytes: nothing between tokens (no whitespace, nor anything else a lenient parser skips), no escape but
    /// those the writer uses for `"`, `\` and the five control characters with a short form; and, when it is not
    /// ASCII, valid UTF-8 as Swift reads it (a string the parser's UTF-8 check lets through but Swift repairs, such as
    /// an encoded surrogate, would be written back differently). False for text that may still be compact but needs
    /// the full check (one with a `\u` escape), and for text that is not. A recorder asks this of every JSON answer it
    /// records, where writing the value out again to compare cost half as much as parsing it.
    ///
    /// Only for text that parses: it says nothing of whether text is JSON.
    public static func isCompactText(_ bytes: [UInt8]) -> Bool {
        let text = bytes.span
        let count = text.count
        // Read once here, not through the lazily made static at every byte outside a string.
        let tokenBytes = JSONValue.tokenBytes
        var inString = false
        // The bytes of strings ORed together, for their high bits: whether any is not ASCII.
        var stringBytes: UInt64 = 0
        var index = 0
        while index < count {
            if inString {
                // Eight bytes at a time through a string's run without a quote or a backslash.
                while index + 8 <= count {
                    let word = text.word(at: index)
                    guard !mayNeedEscape(word) else { break }
                    stringBytes |= word
                    index += 8
                }
                guard index < count else { break }
            }
            let byte = text[index]
            index += 1
            if byte == UInt8(ascii: "\"") {
                inString.toggle()
            } else if inString {
                // Anything else in a string (raw UTF-8, spaces) the writer copies as it is.
                stringBytes |= UInt64(byte)
                guard byte == UInt8(ascii: "\\") else { continue }
                guard index < count, isShortEscape(text[index]) else { return false }
                index += 1
            } else if !tokenBytes[Int(byte)] {
                // Whitespace, and anything else the parser lets through between tokens that the writer would not
                // write: yajl takes a form feed and a vertical tab for whitespace (the fuzzer found it).
                return false
            }
        }
        // A string never closed is not compact text (yajl lets one follow a value: `9"`).
        guard !inString else { return false }
        let ascii = stringBytes & 0x8080_8080_8080_8080 == 0
        return ascii || String(validating: bytes, as: UTF8.self) != nil
    }

    /// The bytes compact output has outside strings: structure, the literals' letters and number literals' characters.
    private static let tokenBytes: [Bool] = {
        var table = [Bool](repeating: false, count: 256)
        for byte in "{}[]:,0123456789+-.eEtrufalsn".utf8 { table[Int(byte)] = true }
        return table
    }()

    /// The characters after a backslash that ``writeString(_:into:)`` writes: `\"`, `\\`, `\b`, `\f`, `\n`, `\r`, `\t`.
    private static func isShortEscape(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "b"), UInt8(ascii: "f"), UInt8(ascii: "n"),
            UInt8(ascii: "r"), UInt8(ascii: "t"):
            true
        default: false
        }
    }
}
