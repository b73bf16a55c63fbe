import AsyncHTTPClient
import MockAPICore
import NIOCore
import NIOPosix
#if canImport(Glibc)
import Glibc
#endif

/// Turns what AsyncHTTPClient and SwiftNIO throw into an ``UpstreamError`` a person can act on.
enum UpstreamErrors {
    static func classify(_ error: any Error, url: String, options: HTTPClientUpstream.Options) -> UpstreamError {
        let detail = String(describing: error)
        let kind = kind(of: error)
        switch kind {
        case .timeout:
            return UpstreamError(kind: .timeout, url: url, detail: "no complete answer within \(format(options.timeout)) s "
                + "(--upstream-timeout) (\(detail))")
        case .tooLarge:
            return UpstreamError(kind: .tooLarge, url: url, detail: "the body is larger than \(options.maximumBodyBytes) bytes")
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
        if error is NIOTooManyBytesError { return .tooLarge }
        if String(reflecting: type(of: error)).contains("SSL") { return .tls }
        return .other
    }

    private static func format(_ seconds: Double) -> String {
        seconds.rounded() == seconds ? String(Int(seconds)) : String(seconds)
    }
}
