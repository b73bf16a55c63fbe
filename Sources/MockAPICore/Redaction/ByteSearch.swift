/// Finding and replacing a byte string inside a larger one (bodies up to the size limit, so without copying when
/// there is nothing to replace).
enum ByteSearch {
    /// The offset of the first occurrence of `pattern` at or after `start`, if any.
    static func firstOffset(of pattern: [UInt8], in bytes: [UInt8], from start: Int = 0) -> Int? {
        firstOffset(of: pattern.span, in: bytes.span, from: start)
    }

    static func firstOffset(of needle: Span<UInt8>, in haystack: Span<UInt8>, from start: Int = 0) -> Int? {
        guard !needle.isEmpty, start >= 0, haystack.count - start >= needle.count else { return nil }
        let first = needle[0]
        for offset in start...(haystack.count - needle.count) where haystack[offset] == first {
            if occurs(needle, in: haystack, at: offset) { return offset }
        }
        return nil
    }

    /// Whether `needle` occurs in `haystack` at `offset`, which leaves room for all of it.
    private static func occurs(_ needle: Span<UInt8>, in haystack: Span<UInt8>, at offset: Int) -> Bool {
        for index in 1..<needle.count where haystack[offset + index] != needle[index] { return false }
        return true
    }

    /// Whether `text` contains `fragment`, byte for byte. (The standard library's `contains` for strings compares
    /// characters through a searcher it builds on each call: far slower for the many short checks redaction makes.)
    static func contains(_ fragment: String, in text: String) -> Bool {
        firstOffset(of: fragment.utf8.span, in: text.utf8.span) != nil
    }

    static func contains(_ pattern: [UInt8], in bytes: [UInt8]) -> Bool {
        firstOffset(of: pattern, in: bytes) != nil
    }

    /// Every occurrence of `pattern` replaced, and how many there were; the input itself when there were none. With
    /// `wholeOnly`, only occurrences that stand as a whole value (``isWhole(_:in:at:)``).
    static func replacing(_ pattern: [UInt8], with replacement: [UInt8], in bytes: [UInt8], wholeOnly: Bool = false)
        -> (bytes: [UInt8], count: Int)
    {
        func next(from start: Int) -> Int? {
            wholeOnly ? firstWholeOffset(of: pattern, in: bytes, from: start) : firstOffset(of: pattern, in: bytes, from: start)
        }
        guard var hit = next(from: 0) else { return (bytes, 0) }
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var copied = 0
        var count = 0
        while true {
            output.append(contentsOf: bytes[copied..<hit])
            output.append(contentsOf: replacement)
            copied = hit + pattern.count
            count += 1
            guard let following = next(from: copied) else { break }
            hit = following
        }
        output.append(contentsOf: bytes[copied...])
        return (output, count)
    }

    /// The string with every occurrence of `pattern` replaced, and how many there were.
    static func replacing(_ pattern: String, with replacement: String, in text: String) -> (text: String, count: Int) {
        let (bytes, count) = replacing(Array(pattern.utf8), with: Array(replacement.utf8), in: Array(text.utf8))
        return count == 0 ? (text, 0) : (String(decoding: bytes, as: UTF8.self), count)
    }
}

extension ByteSearch {
    /// Whether the occurrence of `pattern` at `offset` stands as a whole value: not in the middle of a longer token
    /// (`dummy_value` in `old_dummy_value_2`). A percent escape (`%20`) or a JSON escape (`\n`, `\u0020`) just before
    /// it is a boundary too. Edges of `pattern` that are not token characters need no boundary.
    static func isWhole(_ pattern: [UInt8], in bytes: [UInt8], at offset: Int) -> Bool {
        let end = offset + pattern.count
        if let first = pattern.first, CredentialShape.isWordByte(first), offset > 0, CredentialShape.isWordByte(bytes[offset - 1]) {
            let percent = offset >= 3 && bytes[offset - 3] == UInt8(ascii: "%")
            let escape = (offset >= 2 && bytes[offset - 2] == UInt8(ascii: "\\"))
                || (offset >= 6 && bytes[offset - 6] == UInt8(ascii: "\\") && bytes[offset - 5] == UInt8(ascii: "u"))
            guard percent || escape else { return false }
        }
        if let last = pattern.last, CredentialShape.isWordByte(last), end < bytes.count, CredentialShape.isWordByte(bytes[end]) {
            return false
        }
        return true
    }

    /// The offset of the first whole-value occurrence of `pattern` at or after `start`.
    static func firstWholeOffset(of pattern: [UInt8], in bytes: [UInt8], from start: Int = 0) -> Int? {
        var from = start
        while let hit = firstOffset(of: pattern, in: bytes, from: from) {
            if isWhole(pattern, in: bytes, at: hit) { return hit }
            from = hit + 1
        }
        return nil
    }
}
