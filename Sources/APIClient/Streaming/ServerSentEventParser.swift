/// Turns the bytes of a `text/event-stream` body into events, fed as they arrive in pieces of any size, by the rules
/// of the WHATWG HTML standard (9.2.6): lines end with CRLF, LF or CR; a line starting with `:` is a comment; a field
/// is `name: value` (one space after the colon dropped); `data` lines are joined with LF; a blank line dispatches the
/// event, and an event with no data is not dispatched; `id` with a NUL is ignored; `retry` takes ASCII digits only.
/// A last event not closed by a blank line is dropped, as the standard says.
public struct ServerSentEventParser: Sendable {
    private var line: [UInt8] = []
    /// A CR ended the last line: an LF right after it belongs to it.
    private var afterCR = false
    private var data: [UInt8] = []
    private var hasData = false
    private var eventType = ""
    private var lastEventID: String?
    private var retry: Int?
    /// A leading byte-order mark is skipped once.
    private var atStart = true

    public init() {}

    /// Parses the next piece of the stream; returns the events it completed.
    public mutating func feed(_ bytes: some Sequence<UInt8>) -> [ServerSentEvent] {
        var events: [ServerSentEvent] = []
        for byte in bytes {
            if afterCR {
                afterCR = false
                if byte == 0x0A { continue }
            }
            switch byte {
            case 0x0D:
                afterCR = true
                endLine(into: &events)
            case 0x0A:
                endLine(into: &events)
            default:
                line.append(byte)
            }
        }
        return events
    }

    private mutating func endLine(into events: inout [ServerSentEvent]) {
        defer { line.removeAll(keepingCapacity: true) }
        if atStart {
            atStart = false
            if line.starts(with: [0xEF, 0xBB, 0xBF]) { line.removeFirst(3) }
        }
        if line.isEmpty {
            dispatch(into: &events)
            return
        }
        if line.first == UInt8(ascii: ":") { return }
        let name: [UInt8]
        var value: [UInt8]
        if let colon = line.firstIndex(of: UInt8(ascii: ":")) {
            name = Array(line[..<colon])
            value = Array(line[(colon + 1)...])
            if value.first == UInt8(ascii: " ") { value.removeFirst() }
        } else {
            name = line
            value = []
        }
        switch String(decoding: name, as: UTF8.self) {
        case "event":
            eventType = String(decoding: value, as: UTF8.self)
        case "data":
            if hasData { data.append(0x0A) }
            data += value
            hasData = true
        case "id":
            if !value.contains(0) { lastEventID = String(decoding: value, as: UTF8.self) }
        case "retry":
            if !value.isEmpty, value.allSatisfy({ (0x30...0x39).contains($0) }) {
                retry = Int(String(decoding: value, as: UTF8.self))
            }
        default:
            break
        }
    }

    private mutating func dispatch(into events: inout [ServerSentEvent]) {
        defer {
            data = []
            hasData = false
            eventType = ""
            retry = nil
        }
        guard hasData else { return }
        events.append(ServerSentEvent(
            event: eventType.isEmpty ? "message" : eventType, data: String(decoding: data, as: UTF8.self), id: lastEventID,
            retry: retry))
    }
}
