import Glibc

/// Byte-level tests of a string's UTF-8: what HTTP syntax and URL paths need, where `Character` comparisons (Unicode
/// equivalence) are both slower and not what the protocol means. They read the string's storage through a `Span`;
/// inlinable, so that the predicate a caller in another module passes is inlined into the loop.
extension String {
    /// Whether every byte of the string's UTF-8 satisfies `predicate`.
    @inlinable
    package func utf8AllSatisfy(_ predicate: (UInt8) -> Bool) -> Bool {
        utf8FirstOffset { !predicate($0) } == nil
    }

    /// Whether some byte of the string's UTF-8 satisfies `predicate`.
    @inlinable
    package func utf8Contains(where predicate: (UInt8) -> Bool) -> Bool {
        utf8FirstOffset(where: predicate) != nil
    }

    /// Whether the string's UTF-8 contains `byte`: libc's `memchr` over the storage (a byte-by-byte loop cost about
    /// 250 instructions a request in `scripts/bench instructions`, for the `%` test of a 38-byte path).
    @inlinable
    package func utf8Contains(_ byte: UInt8) -> Bool {
        utf8.span.bytes.withUnsafeBytes { bytes in
            guard let base = bytes.baseAddress else { return false }
            return memchr(base, Int32(byte), bytes.count) != nil
        }
    }

    /// The offset of the first byte of the string's UTF-8 that satisfies `predicate`, or nil.
    @inlinable
    package func utf8FirstOffset(where predicate: (UInt8) -> Bool) -> Int? {
        let bytes = utf8.span
        for offset in bytes.indices where predicate(bytes[offset]) { return offset }
        return nil
    }

    /// `lowercased()`, without building a new string when there is nothing to lower: ASCII with no capital letter,
    /// which is how header names arrive (HTTP/2 requires it) and how most JSON member names are written.
    package func lowercasedIfNeeded() -> String {
        let lower = utf8AllSatisfy { $0 < 0x80 && !($0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z")) }
        return lower ? self : lowercased()
    }

    /// Whether the string's UTF-8 starts with the UTF-8 of `prefix`, byte for byte.
    package func utf8HasPrefix(_ prefix: String) -> Bool {
        utf8.starts(with: prefix.utf8)
    }

    /// The second byte of the string's UTF-8 when the first is `/`, else 0: tells a replayed path from an admin
    /// (`/__mockapi…`) or scoped (`/@…`) one.
    package var utf8ByteAfterSlash: UInt8 {
        let bytes = utf8.span
        return bytes.count >= 2 && bytes[0] == UInt8(ascii: "/") ? bytes[1] : 0
    }

    /// Whether the two strings' UTF-8 is the same, byte for byte (which makes them equal strings; strings whose bytes
    /// differ may still be equal, by canonical equivalence).
    package func utf8BytesEqual(_ other: String) -> Bool {
        utf8.elementsEqual(other.utf8)
    }
}
