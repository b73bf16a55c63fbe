#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Finding and replacing a byte string inside a larger one (bodies up to the size limit, so without copying when
/// there is nothing to replace).
enum ByteSearch {
    /// The offset of the first occurrence of `pattern` at or after `start`, if any.
    static func firstOffset(of pattern: [UInt8], in bytes: [UInt8], from start: Int = 0) -> Int? {
        bytes.withUnsafeBufferPointer { haystack in
            pattern.withUnsafeBufferPointer { needle in firstOffset(of: needle, in: haystack, from: start) }
        }
    }

    static func firstOffset(of needle: UnsafeBufferPointer<UInt8>, in haystack: UnsafeBufferPointer<UInt8>, from start: Int = 0) -> Int? {
        guard needle.count > 0, haystack.count - start >= needle.count, let base = haystack.baseAddress,
            let first = needle.baseAddress
        else { return nil }
        let last = haystack.count - needle.count
        var offset = start
        while offset <= last {
            guard let hit = memchr(base + offset, Int32(needle[0]), last - offset + 1) else { return nil }
            let position = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
            if memcmp(base + position, first, needle.count) == 0 { return position }
            offset = position + 1
        }
        return nil
    }

    /// Whether `text` contains `fragment`, byte for byte. (The standard library's `contains` for strings compares
    /// characters through a searcher it builds on each call: far slower for the many short checks redaction makes.)
    static func contains(_ fragment: String, in text: String) -> Bool {
        var text = text
        var fragment = fragment
        return text.withUTF8 { haystack in fragment.withUTF8 { needle in firstOffset(of: needle, in: haystack) != nil } }
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
