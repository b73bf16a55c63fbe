extension JSONLayout {
    /// The layout JSON text is written in: the one writing `value`, the value the text parses into, gives back
    /// exactly the text; nil when none does. Compact text is known from one pass over its bytes
    /// (``JSONValue/isCompactText(_:)``); any other is written out once, in the one layout a few of its bytes point to
    /// (``candidate(for:)``), and compared.
    public init?(of text: [UInt8], value: JSONValue) {
        if JSONValue.isCompactText(text) {
            self = .compact
            return
        }
        guard let candidate = JSONLayout.candidate(for: text), value.bytes(in: candidate) == text else { return nil }
        self = candidate
    }

    /// The only layout JSON text may be written in, read from a few of its bytes: a final newline; a newline right
    /// after the opening bracket and the spaces after it (indented), else the first whitespace outside strings (none:
    /// compact; a space after `,` or `:`: spaced); a `\u` escape of DEL or above in text that is all ASCII (ASCII
    /// only). Nil when the bytes point to none. Only a candidate: text is in it only when writing its value in it gives
    /// back the same bytes.
    static func candidate(for text: [UInt8]) -> JSONLayout? {
        let bytes = text.span
        var end = bytes.count
        let trailingNewline = end > 1 && bytes[end - 1] == UInt8(ascii: "\n")
        if trailingNewline { end -= 1 }
        guard end > 0 else { return nil }
        let spacing: Spacing
        if end > 2, bytes[0] == UInt8(ascii: "{") || bytes[0] == UInt8(ascii: "["), bytes[1] == UInt8(ascii: "\n") {
            var spaces = 0
            while 2 + spaces < end, bytes[2 + spaces] == UInt8(ascii: " ") { spaces += 1 }
            switch spaces {
            case 2: spacing = .indent2
            case 4: spacing = .indent4
            default: return nil
            }
        } else {
            switch firstWhitespaceOutsideStrings(bytes, end: end) {
            case nil: spacing = .compact
            case let index? where index > 0 && bytes[index] == UInt8(ascii: " ")
                && (bytes[index - 1] == UInt8(ascii: ",") || bytes[index - 1] == UInt8(ascii: ":")):
                spacing = .spaced
            default: return nil
            }
        }
        return JSONLayout(spacing, asciiOnly: escapesBeyondASCII(bytes, end: end), trailingNewline: trailingNewline)
    }

    /// Where the first space, tab, CR or LF outside a string is, before `end`.
    private static func firstWhitespaceOutsideStrings(_ bytes: Span<UInt8>, end: Int) -> Int? {
        var inString = false
        var index = 0
        while index < end {
            let byte = bytes[index]
            if inString {
                if byte == UInt8(ascii: "\\") {
                    index += 1
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
            } else if byte == UInt8(ascii: "\"") {
                inString = true
            } else if byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 {
                return index
            }
            index += 1
        }
        return nil
    }

    /// Whether text holds a `\u` escape of DEL or of a character beyond ASCII before any byte beyond ASCII: written by
    /// an ASCII-only writer. (Text with a raw byte beyond ASCII is not; text with neither is written the same both
    /// ways; text with both is written by neither, which writing it out tells.)
    private static func escapesBeyondASCII(_ bytes: Span<UInt8>, end: Int) -> Bool {
        var index = 0
        while index < end {
            let byte = bytes[index]
            if byte >= 0x80 { return false }
            guard byte == UInt8(ascii: "\\") else {
                index += 1
                continue
            }
            if index + 5 < end, bytes[index + 1] == UInt8(ascii: "u") {
                var unit: UInt32 = 0
                for offset in 2...5 {
                    guard let digit = hexValue(bytes[index + offset]) else { return false }
                    unit = unit << 4 | digit
                }
                if unit >= 0x7F { return true }
            }
            // The escaped character is never read as the start of another escape.
            index += 2
        }
        return false
    }

    private static func hexValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }
}
