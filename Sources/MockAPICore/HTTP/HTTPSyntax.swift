/// Byte classes of HTTP/1.1 (RFC 9110) that validation needs. Inlinable: scans call them once per byte, for every
/// request and every recorded header.
package enum HTTPSyntax {
    /// `tchar`: the bytes of a method or header name.
    @inlinable
    package static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            true
        case UInt8(ascii: "!"), UInt8(ascii: "#"), UInt8(ascii: "$"), UInt8(ascii: "%"), UInt8(ascii: "&"), UInt8(ascii: "'"),
            UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "^"), UInt8(ascii: "_"),
            UInt8(ascii: "`"), UInt8(ascii: "|"), UInt8(ascii: "~"):
            true
        default:
            false
        }
    }

    /// A byte that may appear in a request target as sent: no space, no control character, no DEL. (Bytes above 0x7F
    /// are let through: some clients send raw UTF-8.)
    @inlinable
    package static func isTargetByte(_ byte: UInt8) -> Bool {
        byte > 0x20 && byte != 0x7F
    }

    /// Whether a raw request target is all ``isTargetByte(_:)`` (here, where the byte test inlines).
    package static func isCleanTarget(_ bytes: UnsafeRawBufferPointer) -> Bool {
        for byte in bytes where !isTargetByte(byte) { return false }
        return true
    }
}
