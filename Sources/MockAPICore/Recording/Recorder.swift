import Logging
import MockAPICompression
import MockAPIJSON
import Synchronization

/// Forwards each request to its upstream, saves the interaction (decoded, scrubbed) to the cassette, and only then
/// hands the upstream's answer back to the client, unchanged but for framing.
///
/// A client therefore never receives an answer that is not on disk: when the upstream cannot be reached, the body
/// cannot be decoded, or the write is refused (a secret would leak, the disk is full), the client gets mockapi's own
/// error instead (502, or 504 for a timeout), marked with ``errorHeader`` and a JSON body saying what failed where.
package final class Recorder: Responder {
    /// Marks answers made by mockapi itself rather than by the upstream; its value is the cause (`refused`).
    package static let errorHeader = "X-Mockapi-Error"

    package let routes: UpstreamRoutes
    package let upstream: any Upstream
    /// Where WebSocket handshakes go; nil: they are forwarded as plain requests.
    package let webSockets: (any WebSocketUpstream)?
    /// The writes of conversations that ended, which the end of the recording waits for.
    package let conversationWrites: ConversationWrites
    package let redactor: Redactor
    package let writer: CassetteWriter
    package let journal: Journal
    package let statistics: RecorderStatistics
    /// How the write-ahead log names the cassette.
    package let cassetteName: String
    /// The largest decoded answer body recorded.
    package let maximumBodyBytes: Int
    let logger: Logger
    /// Points absolute upstream URLs in answers back at the proxy (see ``ProxiedAnswer``); nil when not asked to.
    let rewriter: URLRewriter?
    /// The cassette a re-recording replaces: an answer that did not change is written as it was recorded there.
    package let previous: PreviousRecording?
    /// The mockapi release, noted in each new interaction (`recordedWith`); nil: not noted.
    let version: String?
    /// Secrets scrubbed from earlier interactions of this session, hunted down in later ones (most recent last).
    let learned = Mutex<[SecretLiteral]>([])
    /// How many learned secrets are kept.
    static let learnedLimit = 256
    /// The requests of this session as recorded and as scrubbed, to say when scrubbing makes two of them one.
    let merges = Mutex(MergeWatch(limit: 4096))

    /// - Parameter clientBaseURL: the proxy's own base URL; upstream URLs in what the client receives are rewritten to
    ///   it, so the client's next request (a `next` page, a redirect) comes through the proxy too. Nil: not rewritten.
    package init(routes: UpstreamRoutes, upstream: any Upstream, webSockets: (any WebSocketUpstream)? = nil,
                conversationWrites: ConversationWrites = ConversationWrites(), redactor: Redactor, writer: CassetteWriter,
                journal: Journal = Journal(), statistics: RecorderStatistics = RecorderStatistics(), cassetteName: String,
                maximumBodyBytes: Int = 256 << 20, clientBaseURL: String? = nil, previous: PreviousRecording? = nil,
                version: String? = nil, logger: Logger) {
        self.routes = routes
        self.upstream = upstream
        self.webSockets = webSockets
        self.conversationWrites = conversationWrites
        self.redactor = redactor
        self.writer = writer
        self.journal = journal
        self.statistics = statistics
        self.cassetteName = cassetteName
        self.maximumBodyBytes = maximumBodyBytes
        self.logger = logger
        self.previous = previous
        self.version = version
        self.rewriter = ProxiedAnswer.rewriter(routes: routes, clientBaseURL: clientBaseURL)
    }

    /// Every header is forwarded, so the engine must collect them all.
    package var headerNeeds: HeaderNeeds { .all }

    package func reply(to request: HTTPRequest) -> Reply {
        guard request.path.hasPrefix("/") else {
            return failure(request, status: 400, cause: "bad target", message: "cannot forward the request target \(request.path): "
                + "mockapi record forwards origin-form targets (/path?query) only")
        }
        guard let (route, upstreamPath) = routes.route(for: request.path) else {
            return failure(request, status: 404, cause: "no upstream", message: "no upstream is mounted for \(request.path) "
                + "(mounted: \(routes.mounts.joined(separator: ", ")))")
        }
        if let webSockets, WebSocketHandshakeHeaders.isUpgrade(method: request.method, request.headers) {
            return replyToHandshake(request, route: route, upstreamPath: upstreamPath, upstream: webSockets)
        }
        let headers = ProxyHeaders.forwarded(request.headers)
        let url = route.upstream + upstreamPath + (request.query.map { "?" + $0 } ?? "")
        let sendsBody = !request.body.isEmpty || request.headers.contains("content-length")
            || ["POST", "PUT", "PATCH"].contains(request.method)
        let started = ContinuousClock.now
        // Sent from the server's thread, now: the hop to the task that waits for the answer overlaps the call instead
        // of preceding it. Dropped unanswered (the server stopping before the task runs), the call is cancelled.
        let call = upstream.start(
            UpstreamRequest(method: request.method, url: url, headers: headers, body: sendsBody ? request.body : nil))
        return .deferred {
            await self.forward(request, route: route, upstreamPath: upstreamPath, headers: headers, call: call, started: started)
        }
    }

    private func forward(_ request: HTTPRequest, route: UpstreamRoute, upstreamPath: String, headers: HTTPHeaders,
                         call: UpstreamCall, started: ContinuousClock.Instant) async -> Reply {
        let answer: UpstreamResponse
        do {
            answer = try await call.response()
        } catch {
            return upstreamFailure(request, route: route, error)
        }
        return await record(request, route: route, upstreamPath: upstreamPath, headers: headers, answer: answer, started: started)
    }

    /// mockapi's answer when no answer came from upstream: 502, 504, or 503 when the recorder is stopping.
    func upstreamFailure(_ request: HTTPRequest, route: UpstreamRoute, _ error: UpstreamError) -> Reply {
        let message = error.kind == .stopping
            ? "the recorder is stopping: \(request.method) \(request.target) was cancelled before \(route.upstream) "
                + "answered; nothing was recorded (send it again once the recorder runs)"
            : "upstream \(route.upstream) failed for \(request.method) \(request.target): \(error.summary) "
                + "(\(error.detail)); nothing was recorded"
        return failure(
            request, status: error.status, cause: "upstream: \(error.summary)", code: error.kind.rawValue,
            message: message, extra: [JSONMember("upstream", .string(error.url))])
    }

    /// Records the upstream's answer and hands it to the client once it is on disk.
    func record(_ request: HTTPRequest, route: UpstreamRoute, upstreamPath: String, headers: HTTPHeaders,
                answer: UpstreamResponse, started: ContinuousClock.Instant) async -> Reply {
        let elapsed = started.duration(to: .now)
        if let stream = answer.stream, (100...599).contains(answer.status) {
            return forwardStream(request, route: route, upstreamPath: upstreamPath, headers: headers, answer: answer, stream: stream,
                                 started: started)
        }
        guard (100...599).contains(answer.status) else {
            return failure(request, status: 502, cause: "bad status", message: "upstream \(route.upstream) answered "
                + "\(request.method) \(request.target) with status \(answer.status), which a cassette cannot hold; nothing was recorded")
        }
        let decoded: [UInt8]
        let codings = answer.headers.values("content-encoding").joined(separator: ", ")
        do { decoded = try ContentDecoder.decode(answer.body, contentEncoding: codings, limit: maximumBodyBytes) } catch {
            return failure(request, status: 502, cause: "undecodable body", message: "cannot record the answer to "
                + "\(request.method) \(request.target) from \(route.upstream): \(error); nothing was recorded")
        }
        let clientHeaders = ProxyHeaders.toClient(answer.headers)
        var interaction = Interaction(
            request: RecordedRequest(
                method: request.method.uppercased(), path: upstreamPath, query: request.query, headers: headers,
                body: Body(bytes: request.body)),
            response: RecordedResponse(
                status: answer.status, headers: ProxyHeaders.storedResponse(clientHeaders: clientHeaders),
                body: Body(bytes: decoded, keepingParsedJSON: true)),
            upstream: route.upstream, mount: route.mount == "/" ? nil : route.mount,
            recordedAt: JournalEntry.iso8601(Journal.now()),
            durationMs: (Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15).rounded(),
            recordedWith: version)
        let known = learned.withLock { $0 }
        let original = interaction
        let report = redactor.redact(&interaction, alsoHiding: known)
        learn(report.secrets)
        let index: Int
        let reply: HTTPResponse
        do {
            let pending = try startWrite(interaction, forbidding: report.secrets)
            // Made while the writer's thread writes and syncs the log line; the client gets it once that is done.
            reply = ProxiedAnswer.make(answer, headers: clientHeaders, decoded: decoded, recorded: interaction.response.body,
                                       rewriter: rewriter)
            index = try await pending.index()
        } catch {
            let cause = if case .wouldLeak = error { "write refused" } else { "write failed" }
            return failure(request, status: 502, cause: cause, level: .error, message: "the answer to \(request.method) "
                + "\(request.target) was not recorded: \(error)")
        }
        statistics.recorded(route: route, redactions: report)
        let merged = merges.withLock { watch in
            watch.add(original: original, scrubbed: interaction, index: index, places: report.requestPlaces(ofInteraction: nil))
        }
        for merge in merged { logger.warning("\(cassetteName): \(merge)") }
        statistics.merged(merged)
        journal.record(request, status: answer.status, outcome: .recorded(cassette: cassetteName, index: index))
        logger.debug("recorded \(request.method) \(request.target) → \(answer.status) as \(cassetteName)[\(index)]")
        return .response(reply)
    }

    /// Appends to the cassette: waits, holding no thread, until the writer's thread has it on disk. A re-recording
    /// writes the interaction it replaces instead, when the answer is the same in meaning (``PreviousRecording``).
    func write(_ recorded: Interaction, forbidding secrets: [SecretLiteral]) async throws(CassetteWriterError) -> Int {
        try await startWrite(recorded, forbidding: secrets).index()
    }

    /// The same, returning once the writer's thread has the interaction (``CassetteWriter/startAppend(_:fileBytes:forbidding:)``).
    func startWrite(_ recorded: Interaction, forbidding secrets: [SecretLiteral]) throws(CassetteWriterError) -> PendingAppend {
        let interaction = previous?.interactionToWrite(for: recorded) ?? recorded
        return try writer.startAppend(interaction, forbidding: secrets)
    }

    func learn(_ secrets: [SecretLiteral]) {
        let new = secrets.filter { !redactor.rules.literals.contains($0) }
        guard !new.isEmpty else { return }
        learned.withLock { learned in
            for secret in new where !learned.contains(where: { $0.value == secret.value }) { learned.append(secret) }
            if learned.count > Recorder.learnedLimit { learned.removeFirst(learned.count - Recorder.learnedLimit) }
        }
    }

    /// mockapi's own answer when nothing could be recorded: JSON naming the request, what failed and where.
    func failure(_ request: HTTPRequest, status: Int, cause: String, code: String? = nil,
                         level: Logger.Level = .warning, message: String, extra: [JSONMember] = []) -> Reply {
        logger.log(level: level, "\(message)")
        statistics.failed(cause)
        journal.record(request, status: status, outcome: .failed(message))
        var target = [JSONMember("method", .string(request.method)), JSONMember("path", .string(request.path))]
        if let query = request.query { target.append(JSONMember("query", .string(query))) }
        let document = JSONValue.object(
            [JSONMember("error", .string("mockapi: " + message)), JSONMember("request", .object(target))] + extra)
        var body = document.prettyBytes()
        body.append(UInt8(ascii: "\n"))
        let marker = code ?? String(cause.map { $0 == " " ? "-" : $0 })
        return .response(.json(status: status, body, headers: [(Recorder.errorHeader, marker)]))
    }
}
