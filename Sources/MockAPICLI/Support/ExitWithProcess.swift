import CProcessWatch
import Foundation
import Glibc

/// `--exit-with PID`: stops this mockapi, as SIGTERM does (a recorder folds its log first, the summary is printed),
/// when process PID ends, however it ends: a test runner passes its own PID, so that no server outlives it even when
/// the runner is killed with SIGKILL. A thread of its own waits on the process's pidfd; nothing polls.
enum ExitWithProcess {
    /// Starts the wait. A PID with no process (the runner ended while mockapi started) is an error: exit status 2.
    static func start(watching pid: Int32) throws {
        let descriptor = mockapi_pidfd_open(pid)
        guard descriptor >= 0 else {
            let reason = switch errno {
            case ESRCH: "no process has this ID (it has ended already)"
            case ENOSYS: "this Linux has no pidfd_open (it came with Linux 5.3)"
            default: String(cString: strerror(errno))
            }
            throw CommandFailure("--exit-with \(pid): \(reason)")
        }
        let waiter = Thread {
            var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            while poll(&entry, 1, -1) < 0 && errno == EINTR {}
            close(descriptor)
            Terminal.writeError("mockapi: process \(pid) ended (--exit-with); stopping\n")
            kill(getpid(), SIGTERM)
        }
        waiter.name = "mockapi-exit-with"
        waiter.start()
    }
}
