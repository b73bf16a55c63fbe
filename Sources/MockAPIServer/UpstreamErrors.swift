import AsyncHTTPClient
import MockAPICore
import NIOCore
import NIOPosix
import Glibc

/// Turns what AsyncHTTPClient and SwiftNIO throw into an ``UpstreamError`` a person can act on.
enum UpstreamErrors {
    static func classify(_ error: any Error, url: String, options: HTTPClientUpstream.Options) -> UpstreamError {
        let detail = String(describing: error)
        let kind = kind(of: error)
        switch kind {
        case .timeout:
            return UpstreamError(
                kind: .timeout, url: url, detail: "nothing complete within the upstream timeout of \(format(options.timeout)) s")
        case .tooLarge:
            return UpstreamError(kind: .tooLarge, url: url, detail: "the body is larger than \(options.maximumBodyBytes) bytes")
        case .refused:
            return UpstreamError(kind: .refused, url: url, detail: "nothing accepts connections at \(authority(of: url))")
        case .dns:
            return UpstreamError(kind: .dns, url: url, detail: authority(of: url))
        case .stopping:
            return UpstreamError(kind: .stopping, url: url, detail: "the recorder stopped before the upstream answered")
        default:
            return UpstreamError(kind: kind, url: url, detail: detail)
        }
    }

    static func kind(of error: any Error) -> UpstreamError.Kind {
        if let error = error as? HTTPClientError {
            switch error {
            case .connectTimeout, .readTimeout, .writeTimeout, .deadlineExceeded, .getConnectionFromPoolTimeout,
                .tlsHandshakeTimeout:
                return .timeout
            case .remoteConnectionClosed, .uncleanShutdown, .bodyLengthMismatch:
                return .reset
            // The only caller that cancels a call, or shuts the client down under one, is a recorder that stops.
            case .cancelled, .alreadyShutdown:
                return .stopping
            default:
                return .other
            }
        }
        if let error = error as? NIOConnectionError {
            if error.connectionErrors.isEmpty, error.dnsAError != nil || error.dnsAAAAError != nil { return .dns }
            if let first = error.connectionErrors.first { return kind(of: first.error) }
            return .other
        }
        if error is SocketAddressError || error is SocketAddressError.UnknownHost { return .dns }
        if let error = error as? IOError {
            switch error.errnoCode {
            case ECONNREFUSED: return .refused
            case ECONNRESET, EPIPE, ECONNABORTED: return .reset
            case ETIMEDOUT: return .timeout
            case EHOSTUNREACH, ENETUNREACH: return .refused
            default: return .other
            }
        }
        if let error = error as? ChannelError {
            switch error {
            case .connectTimeout: return .timeout
            case .eof, .ioOnClosedChannel, .alreadyClosed, .outputClosed, .inputClosed: return .reset
            default: return .other
            }
        }
        if error is NIOTooManyBytesError || error is ResponseAccumulator.ResponseTooBigError { return .tooLarge }
        if String(reflecting: type(of: error)).contains("SSL") { return .tls }
        return .other
    }

    /// `api.github.com:443` or `127.0.0.1:8080` from a URL (what comes between `://` and the path).
    private static func authority(of url: String) -> String {
        let parts = url.split(separator: "/", maxSplits: 3, omittingEmptySubsequences: false)
        guard parts.count >= 3, parts[0].hasSuffix(":"), parts[1].isEmpty else { return url }
        return String(parts[2].prefix { $0 != "?" })
    }

    private static func format(_ seconds: Double) -> String {
        seconds.rounded() == seconds ? String(Int(seconds)) : String(seconds)
    }
}
