import Foundation

/// Standard base64 (RFC 4648, with padding), as cassettes store binary bodies.
package enum Base64 {
    package static func encode(_ bytes: [UInt8]) -> String {
        Data(bytes).base64EncodedString()
    }

    /// The decoded bytes, or nil when the text is not base64. Line breaks are tolerated.
    package static func decode(_ text: String) -> [UInt8]? {
        Data(base64Encoded: text, options: .ignoreUnknownCharacters).map { [UInt8]($0) }
    }
}
