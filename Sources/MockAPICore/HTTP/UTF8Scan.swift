#if canImport(Glibc)
import Glibc
#endif

/// Byte scans of a string's UTF-8 that run over its contiguous storage, which native strings (every string the server
/// builds from a request) have. The generic `String.UTF8View` algorithms step an index at a time and cost several
/// times as much; these run for every request.
extension String {
    /// Whether every byte of the string's UTF-8 satisfies `predicate`.
    @inlinable
    package func utf8AllSatisfy(_ predicate: (UInt8) -> Bool) -> Bool {
        utf8.withContiguousStorageIfAvailable { $0.allSatisfy(predicate) } ?? utf8.allSatisfy(predicate)
    }

    /// `lowercased()`, without building a new string when there is nothing to lower: ASCII with no capital letter,
    /// which is how header names arrive (HTTP/2 requires it) and how most JSON member names are written.
    package func lowercasedIfNeeded() -> String {
        let lower = utf8.withContiguousStorageIfAvailable(String.isLowerCaseASCII)
            ?? utf8.allSatisfy { $0 < 0x80 && !($0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z")) }
        return lower ? self : lowercased()
    }

    /// Whether the bytes are ASCII without a capital letter: eight at a time (a recorded request lowers about 160
    /// names, several times each, and a byte at a time that was 24k instructions), then the rest one by one.
    static func isLowerCaseASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        var index = 0
        while index + 8 <= bytes.count {
            let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
            // Each byte's low seven bits plus an offset that sets its high bit from `A` (0x41) on, and from `[` (0x5B)
            // on: no carry crosses into the next byte. A byte at or past `A` and not past `Z` is a capital.
            let low = word & ~highs
            let fromA = low &+ ones &* (0x80 - 0x41)
            let pastZ = low &+ ones &* (0x80 - 0x5B)
            guard (word | (fromA & ~pastZ)) & highs == 0 else { return false }
            index += 8
        }
        while index < bytes.count {
            let byte = base[index]
            guard byte < 0x80, !(byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z")) else { return false }
            index += 1
        }
        return true
    }

    /// Whether some byte of the string's UTF-8 satisfies `predicate`.
    @inlinable
    package func utf8Contains(where predicate: (UInt8) -> Bool) -> Bool {
        utf8.withContiguousStorageIfAvailable { $0.contains(where: predicate) } ?? utf8.contains(where: predicate)
    }

    /// Whether the string's UTF-8 contains `byte`: one `memchr`, where a predicate costs a step per byte.
    @inlinable
    #if os(Linux)
    @section(".text.hot")
    #endif
    package func utf8Contains(_ byte: UInt8) -> Bool {
        let found = utf8.withContiguousStorageIfAvailable { bytes in
            bytes.baseAddress.map { memchr($0, Int32(byte), bytes.count) != nil } ?? false
        }
        return found ?? utf8.contains(byte)
    }

    /// Whether the string's UTF-8 starts with the UTF-8 of `prefix`, byte for byte. (`hasPrefix` compares characters,
    /// by Unicode equivalence, which costs more and is not what a URL path needs.)
    @inlinable
    package func utf8HasPrefix(_ prefix: String) -> Bool {
        let found = utf8.withContiguousStorageIfAvailable { bytes in
            prefix.utf8.withContiguousStorageIfAvailable { prefix in
                bytes.count >= prefix.count && (prefix.isEmpty || memcmp(bytes.baseAddress!, prefix.baseAddress!, prefix.count) == 0)
            }
        }
        if case let found?? = found { return found }
        return utf8.starts(with: prefix.utf8)
    }

    /// The second byte of the string's UTF-8 when the first is `/`, else 0. One test that tells a replayed path from
    /// an admin (`/__mockapi…`) or scoped (`/@…`) one, where a prefix test costs a call and a `memcmp` a request.
    @inlinable
    package var utf8ByteAfterSlash: UInt8 {
        #if os(Linux)
        @section(".text.hot")
        #endif
        get {
            utf8.withContiguousStorageIfAvailable { $0.count >= 2 && $0[0] == UInt8(ascii: "/") ? $0[1] : 0 } ?? utf8ByteAfterSlashSlowly
        }
    }

    @inline(never)
    @usableFromInline
    var utf8ByteAfterSlashSlowly: UInt8 {
        var bytes = utf8.makeIterator()
        guard bytes.next() == UInt8(ascii: "/") else { return 0 }
        return bytes.next() ?? 0
    }

    /// Whether the two strings' UTF-8 is the same, byte for byte (which makes them equal strings; strings whose bytes
    /// differ may still be equal, by canonical equivalence). False when either has no contiguous storage.
    @inlinable
    package func utf8BytesEqual(_ other: String) -> Bool {
        let same = utf8.withContiguousStorageIfAvailable { bytes in
            other.utf8.withContiguousStorageIfAvailable { others in
                bytes.count == others.count && (bytes.isEmpty || memcmp(bytes.baseAddress!, others.baseAddress!, bytes.count) == 0)
            }
        }
        if case let same?? = same { return same }
        return false
    }
}
