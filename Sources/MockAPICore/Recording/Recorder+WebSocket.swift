import Logging
import Synchronization

extension Recorder {
    /// A WebSocket handshake: sent to the upstream (`ws`/`wss` by its scheme). A `101` is answered to the client with
    /// the upstream's headers and the conversation relayed both ways (``ConversationRelay``), then recorded when it
    /// ends; any other answer (a `403`) is recorded and relayed like any answer.
    func replyToHandshake(_ request: HTTPRequest, route: UpstreamRoute, upstreamPath: String,
                          upstream webSockets: any WebSocketUpstream) -> Reply {
        if let problem = WebSocketHandshakeHeaders.problem(in: request.headers) {
            return failure(request, status: 400, cause: "bad handshake", message: "cannot forward \(request.method) "
                + "\(request.target) to \(route.upstream): \(problem); nothing was recorded")
        }
        let headers = WebSocketHandshakeHeaders.forwarded(request.headers)
        let url = WebSocketHandshakeHeaders.webSocketURL(route.upstream) + upstreamPath + (request.query.map { "?" + $0 } ?? "")
        let started = ContinuousClock.now
        return .deferred {
            let handshake: UpstreamHandshake
            do throws(UpstreamError) {
                handshake = try await webSockets.open(UpstreamRequest(method: "GET", url: url, headers: headers))
            } catch {
                return self.upstreamFailure(request, route: route, error)
            }
            switch handshake {
            case .refused(let answer):
                return await self.record(
                    request, route: route, upstreamPath: upstreamPath, headers: headers, answer: answer, started: started)
            case .upgraded(let head, let upstream, let upgradedAt):
                let answerHeaders = WebSocketHandshakeHeaders.upgraded(ProxyHeaders.toClient(head.headers))
                let recorded = Interaction(
                    request: RecordedRequest(method: "GET", path: upstreamPath, query: request.query, headers: headers, body: .none),
                    response: RecordedResponse(status: 101, headers: WebSocketHandshakeHeaders.upgraded(head.headers), body: .none),
                    upstream: route.upstream, mount: route.mount == "/" ? nil : route.mount,
                    recordedAt: JournalEntry.iso8601(Journal.now()), recordedWith: self.version)
                let relay = ConversationRelay(
                    upstream: upstream, upgradedAt: upgradedAt, subprotocol: WebSocketHandshakeHeaders.subprotocol(in: head.headers)
                ) { conversation, end in
                    self.conversationWrites.track {
                        await self.record(conversation, of: request, handshake: recorded, end: end, route: route)
                    }
                }
                return .webSocket(WebSocketUpgrade(headers: answerHeaders, handler: relay))
            }
        }
    }

    /// Writes a conversation that ended (or that the server's stop ended), scrubbed like any interaction, its messages
    /// like bodies; the journal notes it with its message counts and how it ended.
    private func record(_ conversation: WebSocketConversation, of request: HTTPRequest, handshake: Interaction,
                        end: ConversationSummary.End, route: UpstreamRoute) async {
        var interaction = handshake
        interaction.webSocket = conversation
        interaction.durationMs = (conversation.close?.atMs ?? conversation.messages.last?.atMs ?? 0).rounded()
        let report = redactor.redact(&interaction, alsoHiding: learned.withLock { $0 })
        learn(report.secrets)
        let summary = ConversationSummary(
            clientMessages: conversation.count(from: .client), serverMessages: conversation.count(from: .server), end: end)
        let index: Int
        do { index = try await write(interaction, forbidding: report.secrets) } catch {
            logger.error("the WebSocket conversation of \(request.method) \(request.target) was not recorded: \(error)")
            let cause = if case .wouldLeak = error { "write refused" } else { "write failed" }
            statistics.failed(cause)
            journal.record(request, status: 101, outcome: .failed("conversation not recorded: \(error)"), webSocket: summary)
            return
        }
        statistics.recorded(route: route, redactions: report)
        journal.record(request, status: 101, outcome: .recorded(cassette: cassetteName, index: index), webSocket: summary)
        let counts = "\(summary.clientMessages) client and \(summary.serverMessages) server messages"
        logger.debug("recorded the WebSocket conversation of \(request.target) (\(counts)) as \(cassetteName)[\(index)]")
    }
}
