import MockAPICore
import Synchronization

/// `mockapi drift: 3 of 12` on stderr while requests finish: rewritten in place on a terminal, otherwise (a CI log)
/// a line at every tenth of the way and at the end.
final class DriftProgress: Sendable {
    let interactive: Bool
    private let shown = Mutex(0)

    init(interactive: Bool) {
        self.interactive = interactive
    }

    func show(_ done: Int, of total: Int) {
        guard let text = text(done, of: total) else { return }
        Terminal.writeError(text)
    }

    /// What to write after `done` of `total`, if anything.
    func text(_ done: Int, of total: Int) -> String? {
        let line = "mockapi drift: \(done) of \(total)"
        if interactive { return "\r" + line + (done == total ? "\n" : "") }
        let step = max(1, total / 10)
        let due = shown.withLock { last -> Bool in
            guard done == total || done - last >= step else { return false }
            last = done
            return true
        }
        return due ? line + "\n" : nil
    }
}
