import Synchronization

/// Work whose answer comes later: an upstream call, a delay, a write to disk. The engine parks the connection, without
/// holding a thread, starts the work, and sends the answer the moment the work hands it over, from whatever thread
/// has it first. The recorder hands its answer over from the cassette writer's thread once the interaction is on
/// disk, so that sending it waits for no other thread to wake.
package struct DeferredReply: Sendable {
    private let run: @Sendable (AnswerHandOff) async -> Void

    /// Work that returns its answer.
    package init(_ work: @escaping @Sendable () async -> Reply) {
        run = { handOff in handOff.send(await work()) }
    }

    /// Work that hands its answer over itself (``AnswerHandOff/send(_:)``), before it returns.
    package init(handingOver run: @escaping @Sendable (AnswerHandOff) async -> Void) {
        self.run = run
    }

    /// Runs the work; `deliver` gets its answer, once, on the thread that handed it over. Work that returns without
    /// handing one over gets a 500 that says so.
    package func start(delivering deliver: @escaping @Sendable (Reply) -> Void) async {
        let handOff = AnswerHandOff(deliver)
        await run(handOff)
        handOff.send(.response(.text(status: 500, "mockapi: the deferred work for this request ended without an answer\n")))
    }
}

/// Where deferred work hands its answer over; only the first answer counts.
package final class AnswerHandOff: Sendable {
    private let deliver: @Sendable (Reply) -> Void
    private let sent = Atomic<Bool>(false)

    init(_ deliver: @escaping @Sendable (Reply) -> Void) {
        self.deliver = deliver
    }

    /// Sends `reply` to the client now, from this thread; later calls do nothing.
    package func send(_ reply: Reply) {
        guard !sent.exchange(true, ordering: .acquiringAndReleasing) else { return }
        deliver(reply)
    }
}
