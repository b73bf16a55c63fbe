import ArgumentParser

/// What `mockapi record --mode` does with a cassette that exists: the test helpers' `new` and `all` (`MOCKAPI_RECORD`).
package enum RecordingMode: String, ExpressibleByArgument, CaseIterable, Sendable {
    /// Add the new interactions after the recorded ones.
    case new
    /// Record afresh; the new recording replaces the cassette when mockapi stops cleanly.
    case all
}
