extension Replayer {
    /// The answer to a handshake whose recording is a WebSocket conversation: the recorded `101` and then the
    /// conversation replayed (``ConversationReplay``), journaled on the handshake's entry as it goes; a client
    /// message that does not match is journaled and reported as an unmatched request of its own, with the message's
    /// index and what differs.
    func conversation(_ conversation: WebSocketConversation, place: EntryPlace, prepared: PreparedResponse,
                      request: HTTPRequest) -> Reply {
        let cassette = index.cassetteNames[place.cassette]
        let sequence = journal.record(
            request, status: 101, outcome: .matched(cassette: cassette, index: place.index), scope: scope,
            headersNotSent: prepared.unsentHeaders, webSocket: ConversationSummary())
        let recorded = ReplayIndex.describe(index.cassettes[place.cassette].cassette.interactions[place.index])
        let rules = index.normalizer.rules
        let (journal, scope, onUnmatched) = (self.journal, self.scope, self.onUnmatched)
        let handshake = HTTPRequest(
            method: request.method, path: request.path, query: request.query, headers: [], body: [],
            peerIsLoopback: request.peerIsLoopback)
        let replay = ConversationReplay(
            script: ConversationScript(conversation, rules: rules), timing: options.streamTiming, journal: journal,
            sequence: sequence
        ) { miss in
            let report = UnmatchedReport(
                method: handshake.method, path: handshake.path, query: handshake.query,
                reason: "WebSocket client message \(miss.messageIndex + 1) does not match the recorded conversation "
                    + "(closed with 1008)",
                nearest: [NearMiss(cassette: cassette, index: place.index, request: recorded, differences: miss.differences, distance: 0)],
                matchRules: rules.descriptions, webSocketMessage: miss.messageIndex)
            journal.record(handshake, status: 101, outcome: .unmatched(report), scope: scope)
            onUnmatched(report)
        }
        return .webSocket(WebSocketUpgrade(headers: prepared.response.headers, handler: replay))
    }
}
