/// How many requests a server answered since it started (or was reset), by outcome; exact, unlike the journal's
/// bounded list of entries.
public struct RequestCounts: Sendable, Equatable {
    /// Every request but those to `/__mockapi/…`.
    public var requests = 0
    /// Requests answered from a cassette.
    public var matched = 0
    /// Requests no recording answered.
    public var unmatched = 0
    /// Requests forwarded upstream and saved.
    public var recorded = 0
    /// Requests answered with an error of mockapi's own (an upstream failure, a refused write).
    public var failed = 0
    /// Requests answered with an injected fault.
    public var faults = 0
    /// Requests to `/__mockapi/…`, counted but not kept.
    public var admin = 0
}

extension RequestCounts {
    mutating func add(_ other: RequestCounts) {
        requests += other.requests
        matched += other.matched
        unmatched += other.unmatched
        recorded += other.recorded
        failed += other.failed
        faults += other.faults
        admin += other.admin
    }
}
