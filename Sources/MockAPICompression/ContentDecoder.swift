import CBrotli
import CZlib

/// Why a body could not be decoded.
package enum ContentDecodingError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A coding this build cannot decode (`zstd`, `compress`).
    case unsupported(coding: String)
    /// The bytes are not valid for the coding: `reason` is what the library said.
    case corrupt(coding: String, reason: String)
    /// The stream ended before the coding's end marker.
    case truncated(coding: String)
    /// Decoding would produce more than `limit` bytes (a decompression bomb, or a body too large to record).
    case tooLarge(coding: String, limit: Int)

    package var description: String {
        switch self {
        case .unsupported(let coding):
            "content coding \(coding) is not supported (mockapi decodes \(ContentDecoder.supportedCodings.joined(separator: ", ")))"
        case .corrupt(let coding, let reason): "the \(coding) body is corrupt: \(reason)"
        case .truncated(let coding): "the \(coding) body ends before its end marker (truncated)"
        case .tooLarge(let coding, let limit): "the \(coding) body decodes to more than \(limit) bytes"
        }
    }
}

/// Decodes HTTP content codings (RFC 9110 §8.4): `gzip` (and `x-gzip`), `deflate` (zlib-wrapped, or raw as some
/// servers send it) and `br`, so that a recorded body is stored readable rather than compressed.
package enum ContentDecoder {
    /// The codings ``decode(_:contentEncoding:limit:)`` accepts, lower-case.
    package static let supportedCodings = ["gzip", "x-gzip", "deflate", "br", "identity"]

    /// The codings named by a `Content-Encoding` value, lower-case, in the order they were applied.
    package static func codings(_ contentEncoding: String) -> [String] {
        contentEncoding.split(separator: ",").map { $0.trimmingSpaces().lowercased() }.filter { !$0.isEmpty }
    }

    /// Whether every coding in a `Content-Encoding` value can be decoded.
    package static func canDecode(_ contentEncoding: String) -> Bool {
        codings(contentEncoding).allSatisfy(supportedCodings.contains)
    }

    /// The body with every coding of `contentEncoding` undone (the last applied is undone first).
    /// - Parameter limit: the largest decoded size accepted, in bytes.
    package static func decode(_ bytes: [UInt8], contentEncoding: String, limit: Int) throws(ContentDecodingError) -> [UInt8] {
        var body = bytes
        for coding in codings(contentEncoding).reversed() {
            // An empty body (a HEAD, a 204) carries no coded stream even when the header names one.
            guard !body.isEmpty else { return body }
            switch coding {
            case "identity":
                continue
            case "gzip", "x-gzip":
                body = try Inflater.inflate(body, windowBits: 15 + 16, coding: coding, limit: limit)
            case "deflate":
                // RFC 9110 says zlib-wrapped; some servers send a raw deflate stream, so try that second.
                do { body = try Inflater.inflate(body, windowBits: 15, coding: coding, limit: limit) } catch {
                    guard case .corrupt = error else { throw error }
                    body = try Inflater.inflate(body, windowBits: -15, coding: coding, limit: limit)
                }
            case "br":
                body = try BrotliDecoding.decode(body, limit: limit)
            default:
                throw .unsupported(coding: coding)
            }
        }
        return body
    }
}

extension StringProtocol {
    func trimmingSpaces() -> String {
        var text = Substring(self)
        while let first = text.first, first == " " || first == "\t" { text.removeFirst() }
        while let last = text.last, last == " " || last == "\t" { text.removeLast() }
        return String(text)
    }
}
