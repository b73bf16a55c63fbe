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

    /// Every occurrence of `pattern` replaced, and how many there were; the input itself when there were none.
    static func replacing(_ pattern: [UInt8], with replacement: [UInt8], in bytes: [UInt8]) -> (bytes: [UInt8], count: Int) {
        guard var hit = firstOffset(of: pattern, in: bytes) else { return (bytes, 0) }
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var copied = 0
        var count = 0
        while true {
            output.append(contentsOf: bytes[copied..<hit])
            output.append(contentsOf: replacement)
            copied = hit + pattern.count
            count += 1
            guard let next = firstOffset(of: pattern, in: bytes, from: copied) else { break }
            hit = next
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
