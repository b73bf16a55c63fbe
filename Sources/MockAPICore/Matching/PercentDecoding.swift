/// Percent-decoding for request targets (RFC 3986), byte-exact: invalid escapes are kept as written.
package enum PercentDecoding {
    /// Decodes `%XX` escapes, and `+` as a space when `plusIsSpace` (form and query encoding).
    package static func decode(_ text: Substring, plusIsSpace: Bool) -> String {
        let utf8 = text.utf8
        guard utf8.contains(where: { $0 == UInt8(ascii: "%") || (plusIsSpace && $0 == UInt8(ascii: "+")) }) else {
            return String(text)
        }
        var output: [UInt8] = []
        output.reserveCapacity(utf8.count)
        var index = utf8.startIndex
        while index != utf8.endIndex {
            let byte = utf8[index]
            if byte == UInt8(ascii: "%"), let decoded = escape(at: index, in: utf8) {
                output.append(decoded)
                index = utf8.index(index, offsetBy: 3)
                continue
            }
            output.append(plusIsSpace && byte == UInt8(ascii: "+") ? UInt8(ascii: " ") : byte)
            index = utf8.index(after: index)
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// A path in normal form for comparison: escapes of unreserved characters decoded (`%7E` → `~`), other escapes with
    /// upper-case hex (`%2f` → `%2F`). Reserved characters keep their meaning: `%2F` is not `/`.
    package static func normalizePath(_ path: String) -> String {
        guard path.utf8Contains(UInt8(ascii: "%")) else { return path }
        let utf8 = path.utf8
        var output: [UInt8] = []
        output.reserveCapacity(utf8.count)
        var index = utf8.startIndex
        while index != utf8.endIndex {
            let byte = utf8[index]
            if byte == UInt8(ascii: "%"), let decoded = escape(at: index, in: utf8) {
                if isUnreserved(decoded) {
                    output.append(decoded)
                } else {
                    output.append(UInt8(ascii: "%"))
                    output.append(hexDigit(decoded >> 4))
                    output.append(hexDigit(decoded & 0x0F))
                }
                index = utf8.index(index, offsetBy: 3)
                continue
            }
            output.append(byte)
            index = utf8.index(after: index)
        }
        return String(decoding: output, as: UTF8.self)
    }

    private static func escape<C: Collection<UInt8>>(at index: C.Index, in bytes: C) -> UInt8? {
        guard bytes.distance(from: index, to: bytes.endIndex) >= 3 else { return nil }
        let high = bytes[bytes.index(index, offsetBy: 1)], low = bytes[bytes.index(index, offsetBy: 2)]
        guard let h = hexValue(high), let l = hexValue(low) else { return nil }
        return h << 4 | l
    }

    /// The value of a hexadecimal digit (either case), or nil.
    static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    private static func hexDigit(_ value: UInt8) -> UInt8 {
        value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "A") + value - 10
    }

    private static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
            UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
            true
        default: false
        }
    }
}
