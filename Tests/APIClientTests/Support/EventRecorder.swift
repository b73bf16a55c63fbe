import APIClient
import Synchronization

/// A listener that keeps every event, and a compact spelling of them for order assertions.
final class EventRecorder: APIListener {
    private let recorded = Mutex<[APIEvent]>([])

    var events: [APIEvent] { recorded.withLock { $0 } }

    /// `["start", "received 503", "retry 2 1.0 seconds", …]`
    var trace: [String] { events.map(Self.spell) }

    func handle(_ event: APIEvent) {
        recorded.withLock { $0.append(event) }
    }

    static func spell(_ event: APIEvent) -> String {
        switch event.kind {
        case .start: "start"
        case .received(let response, _): "received \(response.status.code)"
        case .retry(let next, let decision): "retry \(next) \(decision.delay)"
        case .authRefresh: "authRefresh"
        case .validated(let status): "validated \(status.code)"
        case .decoded: "decoded"
        case .success: "success"
        case .error(let error): "error \(Self.caseName(error))"
        case .end(let attempts, _): "end \(attempts)"
        }
    }

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
