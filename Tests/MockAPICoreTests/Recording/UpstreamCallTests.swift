import MockAPICore
import Synchronization
import Testing

/// A call that answers only once it is cancelled, and counts the cancellations.
private final class CancellableCall: Sendable {
    private struct State {
        var cancels = 0
        var waiter: CheckedContinuation<Result<UpstreamResponse, UpstreamError>, Never>?
        var cancelled = false
    }

    private let state = Mutex(State())
    static let cancelledError = UpstreamError(kind: .other, url: "https://api.test/x", detail: "cancelled")

    var cancels: Int { state.withLock { $0.cancels } }

    func wait() async -> Result<UpstreamResponse, UpstreamError> {
        await withCheckedContinuation { continuation in
            let now = state.withLock { state -> Bool in
                if state.cancelled { return true }
                state.waiter = continuation
                return false
            }
            if now { continuation.resume(returning: .failure(CancellableCall.cancelledError)) }
        }
    }

    func cancel() {
        let waiter = state.withLock { state in
            state.cancels += 1
            state.cancelled = true
            defer { state.waiter = nil }
            return state.waiter
        }
        waiter?.resume(returning: .failure(CancellableCall.cancelledError))
    }

    func call() -> UpstreamCall {
        UpstreamCall(wait: { await self.wait() }, cancel: { self.cancel() })
    }
}

struct UpstreamCallTests {
    @Test func aCallDroppedBeforeAnyoneWaitedIsCancelled() {
        let upstream = CancellableCall()
        do { _ = upstream.call() }
        #expect(upstream.cancels == 1)
    }

    @Test func anAnsweredCallIsNotCancelledWhenDropped() async throws {
        let cancels = Mutex(0)
        do {
            let call = UpstreamCall(wait: { .success(UpstreamResponse(status: 204)) }, cancel: { cancels.withLock { $0 += 1 } })
            let answer = try await call.response()
            #expect(answer.status == 204)
        }
        #expect(cancels.withLock { $0 } == 0)
    }

    @Test func cancellingTheWaitingTaskCancelsTheCall() async {
        let upstream = CancellableCall()
        let call = upstream.call()
        let waiting = Task { () async -> UpstreamError? in
            do throws(UpstreamError) { _ = try await call.response() } catch { return error }
            return nil
        }
        waiting.cancel()
        #expect(await waiting.value == CancellableCall.cancelledError)
        #expect(upstream.cancels >= 1)
    }

    @Test func theDefaultStartRunsSendAndWaitsForItsAnswer() async throws {
        let upstream = ScriptedUpstream { request in .success(UpstreamResponse(status: 200, body: Array(request.url.utf8))) }
        let answer = try await upstream.start(UpstreamRequest(method: "GET", url: "https://api.test/a")).response()
        #expect(answer.body == Array("https://api.test/a".utf8))
        #expect(upstream.received.withLock { $0.count } == 1)
    }
}
