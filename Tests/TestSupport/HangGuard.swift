/// How long a test's client waits for an answer before it calls the server hung: long enough that a whole parallel
/// run on two cores (hundreds of tests sharing Swift's pool, each taking tens of seconds) never trips it, so it
/// catches a hang and never a busy machine. ``TestClient`` waits as long.
package enum HangGuard {
    package static let seconds = 60
}
