import Synchronization

/// An upstream call already on its way: ``Upstream/start(_:)`` sends the request on the caller's thread and returns
/// this at once, so the recorder can start the call from the server's own thread (before any hop to the task pool)
/// and wait for the answer afterwards.
///
/// Cancelling the task that waits in ``response()`` cancels the call; so does dropping the call unanswered (the
/// server stopped before the wait began), so no call outlives the request it serves.
package final class UpstreamCall: Sendable {
    private let wait: @Sendable () async -> Result<UpstreamResponse, UpstreamError>
    private let cancelCall: @Sendable () -> Void
    /// Whether ``response()`` ran to its end (then dropping the call has nothing left to cancel).
    private let answered = Atomic<Bool>(false)

    /// - Parameters:
    ///   - wait: waits for the answer of the call already started.
    ///   - cancel: cancels it; may be called after it finished, and more than once.
    package init(wait: @escaping @Sendable () async -> Result<UpstreamResponse, UpstreamError>,
                 cancel: @escaping @Sendable () -> Void) {
        self.wait = wait
        self.cancelCall = cancel
    }

    /// Waits for the upstream's answer; a cancelled caller cancels the call rather than waiting for it.
    package func response() async throws(UpstreamError) -> UpstreamResponse {
        let result = await withTaskCancellationHandler { await wait() } onCancel: { cancelCall() }
        answered.store(true, ordering: .releasing)
        return try result.get()
    }

    deinit {
        if !answered.load(ordering: .acquiring) { cancelCall() }
    }
}

extension Upstream {
    /// For upstreams that only know how to ``send(_:)``: the call runs in a task of its own.
    package func start(_ request: UpstreamRequest) -> UpstreamCall {
        let task = Task { () async -> Result<UpstreamResponse, UpstreamError> in
            do throws(UpstreamError) { return .success(try await send(request)) } catch { return .failure(error) }
        }
        return UpstreamCall(wait: { await task.value }, cancel: { task.cancel() })
    }
}
