import Foundation
import Glibc

/// SIGINT and SIGTERM, handled by waiting for them rather than by a handler.
///
/// ``blockTermination()`` must run first thing in `main`, before any thread exists: threads inherit the mask, so no
/// libmicrohttpd or Swift runtime thread can take the signal, and ``waitForTermination()`` receives it with `sigwait`.
package enum Signals {
    package static func blockTermination() {
        // A shell starts background jobs with SIGINT ignored, and an ignored signal is discarded instead of waiting
        // for sigwait: restore the default first (blocked, the default action never runs).
        signal(SIGINT, SIG_DFL)
        signal(SIGTERM, SIG_DFL)
        var set = terminationSet()
        pthread_sigmask(SIG_BLOCK, &set, nil)
        signal(SIGPIPE, SIG_IGN)
    }

    /// Returns the signal number once SIGINT or SIGTERM arrives.
    package static func waitForTermination() async -> Int32 {
        await withCheckedContinuation { continuation in
            let waiter = Thread {
                var set = terminationSet()
                var received: Int32 = 0
                while sigwait(&set, &received) != 0 {}
                continuation.resume(returning: received)
            }
            waiter.name = "mockapi-signals"
            waiter.start()
        }
    }

    package static func name(_ signal: Int32) -> String {
        switch signal {
        case SIGINT: "SIGINT"
        case SIGTERM: "SIGTERM"
        default: "signal \(signal)"
        }
    }

    private static func terminationSet() -> sigset_t {
        var set = sigset_t()
        sigemptyset(&set)
        sigaddset(&set, SIGINT)
        sigaddset(&set, SIGTERM)
        return set
    }
}
