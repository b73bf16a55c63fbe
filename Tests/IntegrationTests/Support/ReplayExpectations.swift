import MockAPICore
import MockAPITesting
import Testing

/// What the replay server's journal says about each request, as `cassette#index` of the recorded interaction that
/// answered it, or `unmatched`, so a whole conversation is compared in one `#expect`.
func answers(_ server: ReplayServer) -> [String] {
    server.requests.map { entry in
        if let interaction = entry.matchedInteraction { return "\(interaction.cassette)#\(interaction.index)" }
        return "unmatched"
    }
}

/// Every request found a recording: a client that sent a wrong path, query or body cannot pass a test that checks this.
func expectNoUnmatched(_ server: ReplayServer, sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(server.unmatched.isEmpty, "unmatched: \(server.unmatched.map(\.line))", sourceLocation: sourceLocation)
}
