/// Observes the calls of a client, for logging, metrics or tracing. See `APIEvent` for the order of events.
///
/// `handle(_:)` is called synchronously on the calling task, in order; keep it quick and hand heavy work elsewhere.
public protocol APIListener: Sendable {
    /// Called with each event of each call, in order; keep it quick, as the call waits for it.
    func handle(_ event: APIEvent)
}

/// A listener made of a closure: `APIEventListener { print($0) }`.
public struct APIEventListener: APIListener {
    private let body: @Sendable (APIEvent) -> Void

    /// A listener that calls `body` with every event.
    public init(_ body: @escaping @Sendable (APIEvent) -> Void) {
        self.body = body
    }

    /// Passes the event to the closure.
    public func handle(_ event: APIEvent) {
        body(event)
    }
}
