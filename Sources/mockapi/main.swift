import Dispatch
import MockAPICLI

// Signals first, before anything starts a thread: every thread inherits the blocked mask, and SIGINT/SIGTERM are
// then taken by `sigwait` alone. The main thread waits on a semaphore rather than entering an async main: that would
// end in dispatch_main(), which parks the main thread in sigsuspend with nothing blocked, and the signal would kill
// the process instead of stopping the server cleanly.
Signals.blockTermination()
let finished = DispatchSemaphore(value: 0)
Task.detached {
    await MockAPI.runFromCommandLine()
    finished.signal()
}
finished.wait()
