import Synchronization

/// Replays one recorded WebSocket conversation over an upgraded connection: the server's opening messages, then for
/// each client message that matches the next recorded one the server's recorded answers, each after its recorded gap
/// (`--stream-timing`), then the recorded end. A client message that differs, or comes after the recording's last,
/// closes with 1008 and is reported as a near miss. Waiting for a due message holds no thread: the engine's event
/// loop runs the next send when it is due.
///
/// Messages go out in recorded order: each is due at its recorded gap after the client message it answers (after the
/// upgrade for the opening ones), and never before the one recorded before it.
final class ConversationReplay: WebSocketHandler {
    private enum Action {
        case send(WebSocketMessage)
        case close(code: UInt16, reason: String)
        case drop
    }

    private struct Due {
        let at: ContinuousClock.Instant
        let action: Action
    }

    private struct State {
        var script: ConversationScript
        var started = ContinuousClock.now
        /// Actions not yet due, in order.
        var queue: [Due] = []
        var head = 0
        /// Whether the engine holds a wake-up for the first queued action.
        var waking = false
        /// Set once the recording's end is reached and it is the client's close: a close then ends as recorded.
        var awaitingClientClose = false
        var mismatch: ConversationMiss?
    }

    private let state: Mutex<State>
    private let timing: StreamTiming
    private let journal: Journal
    /// The journal entry of the handshake.
    private let sequence: Int
    /// Journals and reports a client message that did not match.
    private let reportMiss: @Sendable (ConversationMiss) -> Void

    init(script: ConversationScript, timing: StreamTiming, journal: Journal, sequence: Int,
         reportMiss: @escaping @Sendable (ConversationMiss) -> Void) {
        self.state = Mutex(State(script: script))
        self.timing = timing
        self.journal = journal
        self.sequence = sequence
        self.reportMiss = reportMiss
    }

    func started(_ peer: any WebSocketPeer) {
        let (opening, ending) = state.withLock { state in
            state.started = .now
            return (state.script.opening, state.script.openingEnding)
        }
        enqueue(opening, ending: ending, from: .now, peer: peer)
    }

    func received(_ message: WebSocketMessage, peer: any WebSocketPeer) {
        let arrival = ContinuousClock.now
        journal.noteConversation(sequence: sequence) { $0.clientMessages += 1 }
        let step = state.withLock { state -> ConversationScript.Step in
            let atMs = Self.milliseconds(state.started.duration(to: arrival))
            let recorded = message.isBinary
                ? WebSocketConversation.Message(from: .client, atMs: atMs, binary: message.bytes)
                : WebSocketConversation.Message(from: .client, atMs: atMs, text: message.bytes)
            let step = state.script.receive(recorded)
            if case .mismatch(let miss) = step {
                state.mismatch = miss
                state.queue = []
                state.head = 0
            }
            return step
        }
        switch step {
        case .answer(let sends, let ending):
            enqueue(sends, ending: ending, from: arrival, peer: peer)
        case .mismatch(let miss):
            peer.close(code: WebSocketCloseCode.policyViolation, reason: miss.closeReason)
            reportMiss(miss)
        }
    }

    func ended(_ ending: WebSocketEnding) {
        let (mismatch, awaiting) = state.withLock { state in
            state.queue = []
            state.head = 0
            return (state.mismatch, state.awaitingClientClose)
        }
        let end: ConversationSummary.End
        switch ending {
        case .serverClosed(let code, let reason):
            end = mismatch.map { .mismatch(messageIndex: $0.messageIndex, reason: reason) } ?? .recorded(code: code, reason: reason)
        case .clientClosed(let code, let reason):
            end = awaiting ? .recorded(code: code, reason: reason) : .clientClosed(code: code, reason: reason)
        case .serverDropped: end = .recorded(code: nil, reason: "")
        case .clientWentAway: end = .clientWentAway
        case .refused(let code, let reason): end = .refused(code: code, reason: reason)
        case .serverStopped: end = .serverStopped
        }
        journal.noteConversation(sequence: sequence) { $0.end = end }
    }

    /// Queues `sends` (gaps counted from `base`) and then `ending`, and sends what is due.
    private func enqueue(_ sends: [ConversationScript.Send], ending: ConversationScript.Ending?,
                         from base: ContinuousClock.Instant, peer: any WebSocketPeer) {
        let wake = state.withLock { state -> Bool in
            var last = state.queue.last?.at ?? base
            func add(_ afterMs: Double, _ action: Action) {
                let due = max(last, base.advanced(by: .microseconds(Int64((timing.dueMs(afterMs) * 1000).rounded()))))
                state.queue.append(Due(at: due, action: action))
                last = due
            }
            for send in sends {
                add(send.afterMs, .send(send.message.isBinary ? .binary(send.message.bytes) : .text(send.message.bytes)))
            }
            switch ending {
            case .sendClose(let afterMs, let code, let reason)?: add(afterMs, .close(code: code, reason: reason))
            case .drop(let afterMs)?: add(afterMs, .drop)
            case .awaitClientClose?: state.awaitingClientClose = true
            case .stayOpen?, nil: break
            }
            return !state.waking
        }
        if wake { pump(peer) }
    }

    /// Does what is due, in order, and asks the engine to wake it when the next action is due.
    private func pump(_ peer: any WebSocketPeer) {
        let (due, wait) = state.withLock { state -> ([Action], Duration?) in
            let now = ContinuousClock.now
            var due: [Action] = []
            while state.head < state.queue.count, state.queue[state.head].at <= now {
                due.append(state.queue[state.head].action)
                state.head += 1
            }
            if state.head == state.queue.count {
                state.queue = []
                state.head = 0
                state.waking = false
                return (due, nil)
            }
            state.waking = true
            return (due, now.duration(to: state.queue[state.head].at))
        }
        var sent = 0
        for action in due {
            switch action {
            case .send(let message):
                peer.send(message)
                sent += 1
            case .close(let code, let reason): peer.close(code: code, reason: reason)
            case .drop: peer.drop()
            }
        }
        if sent > 0 { journal.noteConversation(sequence: sequence) { $0.serverMessages += sent } }
        if let wait { peer.schedule(after: wait) { [self] in pump(peer) } }
    }

    private static func milliseconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
    }
}
