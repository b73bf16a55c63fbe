/// The body of an upstream answer that streams (it came without a `Content-Length`: Server-Sent Events, NDJSON, a
/// slow chunked answer): its pieces as they arrive, so the recorder can pass each on at once. The stream ends when
/// the body is complete, or after a ``Event/failed(_:)`` when it broke off.
package final class UpstreamBodyStream: Sendable, Equatable {
    package enum Event: Sendable {
        case bytes([UInt8])
        case failed(UpstreamError)
    }

    package let events: AsyncStream<Event>
    private let cancelCall: @Sendable () -> Void

    /// - Parameter cancel: stops the upstream call (the client went away).
    package init(events: AsyncStream<Event>, cancel: @escaping @Sendable () -> Void) {
        self.events = events
        self.cancelCall = cancel
    }

    package func cancel() { cancelCall() }

    package static func == (left: UpstreamBodyStream, right: UpstreamBodyStream) -> Bool { left === right }
}
