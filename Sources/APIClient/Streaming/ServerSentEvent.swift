/// One Server-Sent Event (`text/event-stream`), as the WHATWG HTML standard's event-stream interpretation gives it.
public struct ServerSentEvent: Sendable, Hashable {
    /// The `event:` field; `message` when the event named none.
    public var event: String
    /// The `data:` lines joined with line feeds.
    public var data: String
    /// The last event ID at the time of the event (`id:`, kept from earlier events when this one sets none).
    public var id: String?
    /// The reconnection time the stream asked for (`retry:`), in milliseconds, when this event carried one.
    public var retry: Int?

    public init(event: String = "message", data: String, id: String? = nil, retry: Int? = nil) {
        self.event = event
        self.data = data
        self.id = id
        self.retry = retry
    }
}
