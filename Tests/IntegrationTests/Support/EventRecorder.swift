import APIClient
import Synchronization

/// A listener that keeps every event, and spells them compactly so a whole call is compared in one `#expect`.
final class EventRecorder: APIListener {
    private let recorded = Mutex<[APIEvent]>([])

    var events: [APIEvent] { recorded.withLock { $0 } }

    /// `["start", "received 503", "retry 2 after 0.25 seconds", …]`
    var trace: [String] { events.map(Self.spell) }

    /// The trace of each call, in the order the calls started.
    var calls: [[String]] {
        var order: [Int] = []
        var traces: [Int: [String]] = [:]
        for event in events {
            if traces[event.callID] == nil { order.append(event.callID) }
            traces[event.callID, default: []].append(Self.spell(event))
        }
        return order.map { traces[$0] ?? [] }
    }

    func handle(_ event: APIEvent) {
        recorded.withLock { $0.append(event) }
    }

    static func spell(_ event: APIEvent) -> String {
        switch event.kind {
        case .start: "start"
        case .received(let response, let attempt): "received \(response.status.code) (attempt \(attempt))"
        case .retry(let next, let decision): "retry \(next) after \(decision.delay)"
        case .authRefresh: "authRefresh"
        case .validated(let status): "validated \(status.code)"
        case .decoded: "decoded"
        case .success: "success"
        case .error(let error): "error \(caseName(error))"
        case .end(let attempts, _): "end after \(attempts)"
        }
    }

    /// The case of an `APIError`, with the status for `unexpectedStatus`.
    static func caseName(_ error: APIError) -> String {
        switch error {
        case .invalidURL: "invalidURL"
        case .encodingFailed: "encodingFailed"
        case .authenticationFailed: "authenticationFailed"
        case .transport: "transport"
        case .unexpectedStatus(_, let response, _, _): "unexpectedStatus \(response.status.code)"
        case .decodingFailed: "decodingFailed"
        case .cancelled: "cancelled"
        case .graphQL(_, _, _, let errors): "graphQL \(errors.count)"
        }
    }
}
