/// How many requests a server answered since it started (or was reset), by outcome; exact, unlike the journal's
/// bounded list of entries.
public struct RequestCounts: Sendable, Equatable {
    public var requests = 0
    public var matched = 0
    public var unmatched = 0
    public var recorded = 0
    public var failed = 0
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
