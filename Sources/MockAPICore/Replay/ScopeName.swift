/// How a cassette's name appears in a scoped base URL: `http://127.0.0.1:PORT/@github/paginate-issues`.
///
/// In the URL, the name's bytes other than letters, digits, `-._~` and `/` are percent-encoded. An incoming path is
/// compared after percent-decoding every escape except `%2F`: a `/` in a name is a literal `/`, never `%2F`, just as
/// request paths are matched.
package enum ScopeName {
    /// What a scoped path starts with.
    package static let marker = "/@"

    /// `/@github/paginate-issues`: the path to append to the server's base URL.
    package static func path(for name: String) -> String {
        var encoded = marker
        for byte in name.utf8 {
            if isKept(byte) {
                encoded.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                encoded += "%" + String(byte >> 4, radix: 16, uppercase: true) + String(byte & 0x0F, radix: 16, uppercase: true)
            }
        }
        return encoded
    }

    /// The name a piece of a request path stands for: escapes decoded, except `%2F`, which stays `%2F`.
    package static func decode(_ raw: Substring) -> String {
        guard raw.utf8.contains(UInt8(ascii: "%")) else { return String(raw) }
        var output: [UInt8] = []
        output.reserveCapacity(raw.utf8.count)
        let bytes = Array(raw.utf8)
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "%"), index + 2 < bytes.count,
                let high = PercentDecoding.hexValue(bytes[index + 1]), let low = PercentDecoding.hexValue(bytes[index + 2]),
                high << 4 | low != UInt8(ascii: "/")
            {
                output.append(high << 4 | low)
                index += 3
            } else if bytes[index] == UInt8(ascii: "%"), index + 2 < bytes.count,
                PercentDecoding.hexValue(bytes[index + 1]) != nil, PercentDecoding.hexValue(bytes[index + 2]) != nil
            {
                output += [UInt8(ascii: "%"), UInt8(ascii: "2"), UInt8(ascii: "F")]
                index += 3
            } else {
                output.append(bytes[index])
                index += 1
            }
        }
        return String(decoding: output, as: UTF8.self)
    }

    private static func isKept(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
            UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "/"):
            true
        default: false
        }
    }
}
