import MockAPICompression
import Synchronization

/// Sends recorded requests to their upstreams again and compares each live answer with its recording by structure
/// (``AnswerComparison``): a few at a time, waiting whenever an upstream asks for it (``RateGate``), and sending a
/// request that was refused for a rate limit again after the wait.
package struct DriftChecker: Sendable {
    package struct Options: Sendable {
        /// `--upstream` routes that replace the recorded upstreams.
        package var overrides: [UpstreamRoute]
        /// `--header` fields added to the requests to their upstreams (credentials).
        package var headers: [UpstreamHeader]
        /// Also send requests whose method is not safe (anything but GET, HEAD and GraphQL queries).
        package var unsafe: Bool
        /// Requests in flight at once.
        package var concurrency: Int
        /// Report recordings older than this many seconds; `maximumAgeText` (`90d`) names it in findings.
        package var maximumAge: Double?
        package var maximumAgeText: String
        /// The largest decoded answer body accepted.
        package var maximumBodyBytes: Int
        /// How often a request refused for a rate limit is sent in all.
        package var attempts: Int

        package init(overrides: [UpstreamRoute] = [], headers: [UpstreamHeader] = [], unsafe: Bool = false, concurrency: Int = 4,
                    maximumAge: Double? = nil, maximumAgeText: String = "", maximumBodyBytes: Int = 256 << 20, attempts: Int = 3) {
            self.overrides = overrides
            self.headers = headers
            self.unsafe = unsafe
            self.concurrency = concurrency
            self.maximumAge = maximumAge
            self.maximumAgeText = maximumAgeText
            self.maximumBodyBytes = maximumBodyBytes
            self.attempts = attempts
        }
    }

    /// Methods that change nothing on the server, sent without `--unsafe`.
    static let safeMethods: Set<String> = ["GET", "HEAD"]

    package let upstream: any Upstream
    package let gate: RateGate
    package let options: Options

    package init(upstream: any Upstream, gate: RateGate, options: Options) {
        self.upstream = upstream
        self.gate = gate
        self.options = options
    }

    /// Checks every interaction of the cassettes; results in cassette and interaction order.
    /// - Parameter progress: called after each request finished, with how many of how many are done.
    package func check(_ cassettes: [LoadedCassette], progress: @escaping @Sendable (Int, Int) -> Void = { _, _ in })
        async -> [DriftResult]
    {
        var results: [DriftResult] = []
        var pending: [(result: Int, interaction: Interaction)] = []
        for loaded in cassettes {
            for (index, interaction) in loaded.cassette.interactions.enumerated() {
                let skip = reasonToSkip(interaction)
                var result = DriftResult(
                    cassette: loaded.name, file: loaded.file, index: index, interaction: interaction,
                    outcome: skip.map { .skipped($0) } ?? .checked)
                if let stale = staleness(of: interaction) { result.findings.append(stale) }
                if skip == nil { pending.append((results.count, interaction)) }
                results.append(result)
            }
        }
        let jobs = pending
        let board = Board(results)
        let workers = max(1, min(options.concurrency, jobs.count))
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<workers {
                group.addTask {
                    while let job = board.take(jobs.count) {
                        let (outcome, findings, live) = await send(jobs[job].interaction)
                        board.finish(jobs[job].result, outcome: outcome, findings: findings, live: live) { done in
                            progress(done, jobs.count)
                        }
                    }
                }
            }
        }
        return board.results
    }

    /// Why an interaction is not sent, if it is not.
    func reasonToSkip(_ interaction: Interaction) -> DriftResult.SkipReason? {
        if interaction.response.status == 101 { return .webSocket }
        let method = interaction.request.method.uppercased()
        if !options.unsafe, !DriftChecker.safeMethods.contains(method), !GraphQLDrift.isQuery(interaction.request) {
            return .unsafeMethod(method)
        }
        if interaction.response.status == 304 { return .notModified }
        return nil
    }

    /// The stale finding for an interaction recorded longer ago than the maximum age (or at an unknown time).
    func staleness(of interaction: Interaction) -> DriftFinding? {
        guard let maximumAge = options.maximumAge else { return nil }
        guard let recordedAt = interaction.recordedAt, let time = JournalEntry.seconds(fromISO8601: recordedAt) else {
            return DriftFinding(kind: .stale, recorded: "at an unknown time (no recordedAt)", live: options.maximumAgeText, breaking: false)
        }
        let age = gate.clock.now() - time
        guard age > maximumAge else { return nil }
        return DriftFinding(
            kind: .stale, recorded: "\(recordedAt) (\(Int(age / 86_400)) days ago)", live: options.maximumAgeText, breaking: false)
    }

    private func send(_ interaction: Interaction) async -> (DriftResult.Outcome, [DriftFinding], Interaction?) {
        let outgoing: DriftRequest
        do { outgoing = try DriftRequest(for: interaction, overrides: options.overrides, extraHeaders: options.headers) } catch {
            return (.failed(error.description), [], nil)
        }
        var attempt = 0
        while true {
            attempt += 1
            do { try await gate.enter(outgoing.upstream) } catch { return (.failed("\(error)"), [], nil) }
            let started = gate.clock.now()
            let answer: UpstreamResponse
            do { answer = try await upstream.send(outgoing.request) } catch {
                return (.failed("upstream \(outgoing.upstream) failed: \(error.summary) (\(error.detail))"), [], nil)
            }
            let finished = gate.clock.now()
            let advice = RateLimitAdvice(status: answer.status, headers: answer.headers, now: finished)
            // Without a hint, a refusal waits a second more each time.
            if let wait = advice.wait ?? (advice.refused ? Double(attempt) : nil) { gate.hold(outgoing.upstream, seconds: wait) }
            // A refusal the recording also holds is its answer, compared like any other.
            if advice.refused, answer.status != interaction.response.status {
                if attempt < options.attempts { continue }
                return (.failed("\(outgoing.upstream) refused it for its rate limit (status \(answer.status)) \(attempt) times"), [], nil)
            }
            let decoded: [UInt8]
            do {
                decoded = try ContentDecoder.decode(
                    answer.body, contentEncoding: answer.headers.values("content-encoding").joined(separator: ", "),
                    limit: options.maximumBodyBytes)
            } catch {
                return (.failed("cannot decode the answer from \(outgoing.upstream): \(error)"), [], nil)
            }
            let findings = AnswerComparison.compare(
                recorded: interaction.response, liveStatus: answer.status, liveHeaders: answer.headers, liveBody: decoded,
                method: interaction.request.method)
            let live = Interaction(
                request: interaction.request,
                response: RecordedResponse(
                    status: answer.status, headers: ProxyHeaders.storedResponse(answer.headers), body: Body(bytes: decoded)),
                upstream: interaction.upstream ?? outgoing.upstream, mount: interaction.mount,
                recordedAt: JournalEntry.iso8601(finished), durationMs: ((finished - started) * 1000).rounded())
            return (.checked, findings, live)
        }
    }

    /// The results as they fill in, shared by the workers.
    private final class Board: Sendable {
        private let state: Mutex<(results: [DriftResult], next: Int, done: Int)>

        init(_ results: [DriftResult]) {
            state = Mutex((results, 0, 0))
        }

        /// The next job to run, if any is left.
        func take(_ count: Int) -> Int? {
            state.withLock { state in
                guard state.next < count else { return nil }
                defer { state.next += 1 }
                return state.next
            }
        }

        /// Stores a job's result and tells `progress` how many are done, under the lock, so counts are told in order.
        func finish(_ index: Int, outcome: DriftResult.Outcome, findings: [DriftFinding], live: Interaction?,
                    progress: (Int) -> Void) {
            state.withLock { state in
                state.results[index].outcome = outcome
                state.results[index].findings = findings + state.results[index].findings
                state.results[index].live = live
                state.done += 1
                progress(state.done)
            }
        }

        var results: [DriftResult] { state.withLock { $0.results } }
    }
}
