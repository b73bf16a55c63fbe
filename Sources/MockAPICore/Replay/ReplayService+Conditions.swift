import MockAPIJSON

extension ReplayService {
    /// A request in a view: a fault when one is asked for or drawn, else the replayer's answer; then the latency.
    func serve(_ request: HTTPRequest, in view: ReplayView) -> Reply {
        let asked = request.headers[Fault.header]
        guard conditions.isActive || asked != nil else { return view.replayer.reply(to: request) }
        let number = view.nextRequestNumber()
        var fault: Fault?
        var why = ""
        switch asked?.trimmingSpaces.lowercased() {
        case nil:
            fault = conditions.fault(salt: view.salt, number: number)
            if fault != nil {
                why = "fault rate \(conditions.faultRate), request \(number + 1) to \(view.scope.map { "/@" + $0 } ?? "the plain base URL")"
                    + ", seed \(conditions.seed)"
            }
        case "none"?:
            fault = nil
        case let text?:
            guard let parsed = Fault(parsing: text) else { return badFaultHeader(request, value: text, view: view) }
            fault = parsed
            why = "\(Fault.header) header"
        }
        if let fault {
            let (faulty, status, entry) = answer(for: fault, request: request, view: view, why: why)
            let stream = faulty.streamSummary
            let sequence = journal.record(
                request, status: status, outcome: .fault(fault.description), scope: view.scope, stream: stream)
            let reply = stream == nil ? faulty : faulty.watchingStream(journal: journal, sequence: sequence)
            if case .hang = reply { return reply }
            return delayed(reply, recordedMs: entry.flatMap { recordedDuration($0, in: view) }, view: view, number: number)
        }
        let (reply, entry) = view.replayer.answer(to: request)
        return delayed(reply, recordedMs: entry.flatMap { recordedDuration($0, in: view) }, view: view, number: number)
    }

    private func recordedDuration(_ entry: ReplayEntry, in view: ReplayView) -> Double? {
        view.replayer.index.interaction(entry).durationMs
    }

    /// The reply is sent after the latency's wait; the wait parks the connection without holding a thread.
    private func delayed(_ reply: Reply, recordedMs: Double?, view: ReplayView, number: UInt64) -> Reply {
        let milliseconds = conditions.delayMilliseconds(recordedMs: recordedMs, salt: view.salt, number: number)
        guard milliseconds > 0 else { return reply }
        return .deferred {
            // Cancelled when the server stops: answer at once rather than keep the connection parked.
            try? await Task.sleep(for: .milliseconds(milliseconds))
            return reply
        }
    }

    /// The fault's reply, the status the journal shows (0 when no status line is sent), and the recording whose
    /// answer a `truncate` cuts.
    private func answer(for fault: Fault, request: HTTPRequest, view: ReplayView, why: String)
        -> (reply: Reply, status: Int, entry: ReplayEntry?)
    {
        switch fault {
        case .status(let status):
            return (.response(ReplayService.faultResponse(status: status, why: why)), status, nil)
        case .reset:
            return (.reset, 0, nil)
        case .timeout:
            return (.hang, 0, nil)
        case .truncate:
            let entry = view.replayer.peek(request)
            var response = entry?.prepared.response ?? ReplayService.faultResponse(status: 503, why: why)
            response.headers.set(Fault.header, "truncate")
            return (.truncated(response, sentBytes: response.body.count / 2), response.status, entry)
        case .cut(let count):
            let entry = view.replayer.peek(request)
            var response = entry?.prepared.response ?? ReplayService.faultResponse(status: 503, why: why)
            response.headers.set(Fault.header, fault.description)
            let stream = response.stream ?? ResponseStream(ends: [response.body.count], dueMs: [0])
            response.stream = stream.cut(after: count)
            return (.response(response), response.status, entry)
        }
    }

    static func faultResponse(status: Int, why: String) -> HTTPResponse {
        var body = JSONValue.object([
            JSONMember("error", .string("mockapi: injected fault \(status) (\(why))"))
        ]).prettyBytes()
        body.append(UInt8(ascii: "\n"))
        var headers: HTTPHeaders = [(Fault.header, "\(status)")]
        if status == 429 { headers.append("Retry-After", "0") }
        return .json(status: status, body, headers: headers)
    }

    private func badFaultHeader(_ request: HTTPRequest, value: String, view: ReplayView) -> Reply {
        let message = "mockapi: \(Fault.header): \(value) is not a fault; use one of \(Fault.choices), or none"
        journal.record(request, status: 400, outcome: .failed(message), scope: view.scope)
        var body = JSONValue.object([JSONMember("error", .string(message))]).prettyBytes()
        body.append(UInt8(ascii: "\n"))
        return .response(.json(status: 400, body))
    }
}
