import MockAPICore

extension JournalEntry {
    /// The recorded interaction that answered this request (cassette name and position in it), or nil when none did.
    /// Compare a test's whole conversation with it: `server.requests.map(\.matchedInteraction)`.
    public var matchedInteraction: InteractionReference? {
        if case .matched(let cassette, let index) = outcome { return InteractionReference(cassette: cassette, index: index) }
        return nil
    }
}
