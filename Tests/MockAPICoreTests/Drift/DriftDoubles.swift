import MockAPICore
import MockAPIJSON
import Synchronization

/// An upstream that answers from a closure and remembers what it was sent, and how many requests were in flight at
/// most.
final class LiveAPIDouble: Upstream {
    private let answer: @Sendable (UpstreamRequest, Int) throws(UpstreamError) -> UpstreamResponse
    private let state = Mutex<(requests: [UpstreamRequest], inFlight: Int, mostInFlight: Int)>(([], 0, 0))

    /// `answer` gets the request and how many requests came before it.
    init(_ answer: @escaping @Sendable (UpstreamRequest, Int) throws(UpstreamError) -> UpstreamResponse) {
        self.answer = answer
    }

    func send(_ request: UpstreamRequest) async throws(UpstreamError) -> UpstreamResponse {
        let count = state.withLock { state in
            state.requests.append(request)
            state.inFlight += 1
            state.mostInFlight = max(state.mostInFlight, state.inFlight)
            return state.requests.count - 1
        }
        // Let the other workers run, so an unbounded checker would show more requests in flight.
        for _ in 0..<20 { await Task.yield() }
        state.withLock { $0.inFlight -= 1 }
        return try answer(request, count)
    }

    var requests: [UpstreamRequest] { state.withLock { $0.requests } }
    var mostInFlight: Int { state.withLock { $0.mostInFlight } }
}

/// A clock whose sleeps take no time: they move its time on and are remembered.
final class SteppingClock: DriftClock {
    private let state: Mutex<(now: Double, sleeps: [Double])>

    init(now: Double = 1_800_000_000) {
        state = Mutex((now, []))
    }

    func now() -> Double { state.withLock { $0.now } }

    func sleep(seconds: Double) async throws {
        state.withLock { state in
            state.sleeps.append(seconds)
            state.now += seconds
        }
    }

    var sleeps: [Double] { state.withLock { $0.sleeps } }
}

extension UpstreamResponse {
    static func json(_ text: String, status: Int = 200, headers: HTTPHeaders = []) -> UpstreamResponse {
        UpstreamResponse(status: status, headers: [("content-type", "application/json")] + headers, body: Array(text.utf8))
    }
}

extension HTTPHeaders {
    static func + (lhs: HTTPHeaders, rhs: HTTPHeaders) -> HTTPHeaders { HTTPHeaders(lhs.fields + rhs.fields) }
}

extension Interaction {
    /// A recorded JSON answer to a GET.
    static func json(_ target: String, _ body: String, method: String = "GET", status: Int = 200, recordedAt: String? = nil) -> Interaction {
        var interaction = Interaction.make(
            method, target, status: status, body: .json(try! JSONValue.parse(body)), headers: [("content-type", "application/json")])
        interaction.recordedAt = recordedAt
        return interaction
    }
}
