/// Applies a content coding: the inverse of ``ContentDecoder``. mockapi itself never compresses what it records;
/// this exists for tests, benchmarks and test stand-ins of compressing servers.
package enum ContentEncoder {
    /// The body encoded with `coding` (`gzip`, `deflate`, `br` or `identity`), or nil for another coding.
    package static func encode(_ bytes: [UInt8], coding: String) -> [UInt8]? {
        switch coding.lowercased() {
        case "identity": bytes
        case "gzip", "x-gzip": Deflater.compress(bytes, windowBits: 15 + 16)
        case "deflate": Deflater.compress(bytes, windowBits: 15)
        case "br": BrotliDecoding.encode(bytes)
        default: nil
        }
    }

    /// A raw deflate stream without the zlib wrapper, as some servers send for `deflate`.
    package static func rawDeflate(_ bytes: [UInt8]) -> [UInt8] {
        Deflater.compress(bytes, windowBits: -15)
    }
}
