/// A failure replay can inject instead of the recorded answer (`--fault`, `X-Mockapi-Fault`), to exercise a client's
/// retry and error paths. What each does on the wire:
///
/// - `status(503)`, `status(429)`, any 400–599: that status, `Content-Type: application/json`, the header
///   `X-Mockapi-Fault: <status>` and a body `{"error": "mockapi: injected fault …"}`; a 429 also carries
///   `Retry-After: 0`. The connection stays open.
/// - `reset`: no answer; the connection is closed with a TCP reset (the client sees ECONNRESET, "connection reset by
///   peer").
/// - `timeout`: no answer, ever. The connection stays open and silent until the client gives up, or until the server's
///   idle timeout (`--timeout`, 30 s by default) passes and the server closes it.
/// - `truncate`: the status line and headers of the answer the request would get (plus `X-Mockapi-Fault: truncate`),
///   with the `Content-Length` of the whole body, then the first half of the body, then the connection is closed.
///   A request no recording answers gets the 503 fault's answer, cut the same way; an empty body cannot be cut and
///   is sent whole.
/// - `cut:N`: the answer the request would get (plus `X-Mockapi-Fault: cut:N`), streamed as its recorded chunks (a
///   body that did not stream is one chunk), only the first N of them, then the connection closes without the end
///   of the stream: for testing how a streaming client copes with a stream that breaks off.
///
/// An injected fault does not use up a recorded answer: a client's retry gets the answer the failed attempt would
/// have got.
public enum Fault: Sendable, Equatable, CustomStringConvertible {
    case status(Int)
    case reset
    case timeout
    case truncate
    /// A streamed answer cut after this many chunks.
    case cut(afterChunks: Int)

    /// The request header that asks for a fault: `X-Mockapi-Fault: reset`, or `none` for no fault at all.
    public static let header = "X-Mockapi-Fault"

    /// Parses `503`, `429` (any status 400–599), `reset`, `timeout`, `truncate`, `cut:N`.
    public init?(parsing text: String) {
        switch text.trimmingSpaces.lowercased() {
        case "reset": self = .reset
        case "timeout": self = .timeout
        case "truncate": self = .truncate
        case let other where other.hasPrefix("cut:"):
            guard let count = Int(other.dropFirst("cut:".count)), count >= 0 else { return nil }
            self = .cut(afterChunks: count)
        case let other:
            guard let status = Int(other), (400...599).contains(status) else { return nil }
            self = .status(status)
        }
    }

    /// `503`, `reset`, `timeout`, `truncate`: as written on the command line and in the journal.
    public var description: String {
        switch self {
        case .status(let status): "\(status)"
        case .reset: "reset"
        case .timeout: "timeout"
        case .truncate: "truncate"
        case .cut(let count): "cut:\(count)"
        }
    }

    package static let choices = "503, 429 (or any status 400–599), reset, timeout, truncate, cut:N"
}
