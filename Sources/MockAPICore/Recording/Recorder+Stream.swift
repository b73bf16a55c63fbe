import Logging
import MockAPICompression
import Synchronization

extension Recorder {
    /// Records an answer whose body streams. The client gets the head at once and each piece as it arrives; the
    /// interaction, with every piece and its time since the head, is on disk before the client gets the end. A
    /// stream the upstream breaks, or the client leaves, is recorded as far as it went, marked `cut` (who cut it).
    func forwardStream(_ request: HTTPRequest, route: UpstreamRoute, upstreamPath: String, headers: HTTPHeaders,
                       answer: UpstreamResponse, stream: UpstreamBodyStream, started: ContinuousClock.Instant) -> Reply {
        let headArrived = ContinuousClock.now
        let clientHeaders = ProxyHeaders.toClient(answer.headers)
        let body = LiveBody()
        // Libmicrohttpd notices a client gone at the next write; the upstream call is then stopped.
        body.whenReaderGone { stream.cancel() }
        let head = HTTPResponse(status: answer.status, headers: clientHeaders)
        return .live(head, body: body) {
            var chunks: [ChunkedBody.Chunk] = []
            var size = 0
            var cut: ChunkedBody.Cut?
            await withTaskCancellationHandler {
                for await event in stream.events {
                    switch event {
                    case .bytes(let bytes):
                        chunks.append(ChunkedBody.Chunk(atMs: Recorder.milliseconds(headArrived.duration(to: .now)), bytes: bytes))
                        size += bytes.count
                        body.write(bytes)
                    case .failed:
                        cut = .upstream
                    }
                    if size > self.maximumBodyBytes {
                        cut = .upstream
                        stream.cancel()
                        break
                    }
                }
            } onCancel: {
                stream.cancel()
            }
            if body.readerIsGone { cut = .client } else if Task.isCancelled, cut == nil { cut = .upstream }
            let interaction = self.streamedInteraction(
                request, route: route, upstreamPath: upstreamPath, headers: headers, answer: answer,
                clientHeaders: clientHeaders, chunks: chunks, cut: cut, started: started)
            let lastMs = Int((chunks.last?.atMs ?? 0).rounded())
            let summary = StreamSummary(
                chunks: chunks.count, durationMs: lastMs,
                clientWentAway: cut == .client ? StreamSummary.Departure(afterChunks: chunks.count, atMs: lastMs) : nil)
            await self.finishStream(request, interaction, route: route, body: body, cut: cut, summary: summary)
        }
    }

    private func streamedInteraction(
        _ request: HTTPRequest, route: UpstreamRoute, upstreamPath: String, headers: HTTPHeaders, answer: UpstreamResponse,
        clientHeaders: HTTPHeaders, chunks: [ChunkedBody.Chunk], cut: ChunkedBody.Cut?, started: ContinuousClock.Instant
    ) -> Interaction {
        let chunked = ChunkedBody(chunks: chunks, cut: cut)
        let codings = answer.headers.values("content-encoding").joined(separator: ", ")
        let recordedBody: Body
        if !codings.isEmpty, codings.lowercased() != "identity",
            let decoded = try? ContentDecoder.decode(chunked.bytes, contentEncoding: codings, limit: maximumBodyBytes)
        {
            // Pieces of a coded body are not pieces of the decoded one: kept whole, decoded, as any other answer.
            recordedBody = Body(bytes: decoded, keepingParsedJSON: true)
        } else if cut != nil || ChunkedBody.keepsChunks(contentType: answer.headers["content-type"], chunks) {
            recordedBody = .chunks(chunked)
        } else {
            recordedBody = Body(bytes: chunked.bytes, keepingParsedJSON: true)
        }
        return Interaction(
            request: RecordedRequest(
                method: request.method.uppercased(), path: upstreamPath, query: request.query, headers: headers,
                body: Body(bytes: request.body)),
            response: RecordedResponse(
                status: answer.status, headers: ProxyHeaders.storedResponse(clientHeaders: clientHeaders), body: recordedBody),
            upstream: route.upstream, mount: route.mount == "/" ? nil : route.mount,
            recordedAt: JournalEntry.iso8601(Journal.now()),
            durationMs: Recorder.milliseconds(started.duration(to: .now)).rounded(), recordedWith: version)
    }

    /// Scrubs and writes the interaction, then ends the client's stream: completely when it is on disk and the
    /// stream was whole, cut otherwise. The journal entry carries `summary`.
    private func finishStream(_ request: HTTPRequest, _ recorded: Interaction, route: UpstreamRoute, body: LiveBody,
                              cut: ChunkedBody.Cut?, summary: StreamSummary) async {
        var interaction = recorded
        let report = redactor.redact(&interaction, alsoHiding: learned.withLock { $0 })
        learn(report.secrets)
        let index: Int
        do { index = try await write(interaction, forbidding: report.secrets) } catch {
            logger.error("the streamed answer to \(request.method) \(request.target) was not recorded: \(error)")
            let cause = if case .wouldLeak = error { "write refused" } else { "write failed" }
            statistics.failed(cause)
            journal.record(
                request, status: interaction.response.status, outcome: .failed("stream not recorded: \(error)"),
                stream: summary)
            body.finish(cut: true)
            return
        }
        statistics.recorded(route: route, redactions: report)
        journal.record(
            request, status: interaction.response.status, outcome: .recorded(cassette: cassetteName, index: index),
            stream: summary)
        let pieces = if case .chunks(let chunked) = interaction.response.body { chunked.chunks.count } else { 1 }
        let cutNote = cut.map { ", cut by the \($0.rawValue)" } ?? ""
        logger.debug("recorded the stream of \(request.method) \(request.target) → \(interaction.response.status), \(pieces) chunks\(cutNote) as \(cassetteName)[\(index)]")
        body.finish(cut: cut != nil)
    }

    static func milliseconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
    }
}

extension ChunkedBody {
    /// Whether a streamed answer is kept as chunks: Server-Sent Events and NDJSON always, any other when its chunks
    /// came more than 100 ms apart (a slow stream whose timing matters); else as one body.
    static func keepsChunks(contentType: String?, _ chunks: [Chunk]) -> Bool {
        let type = contentType?.split(separator: ";").first.map { String($0).trimmingSpaces.lowercased() } ?? ""
        if ["text/event-stream", "application/x-ndjson", "application/stream+json", "application/jsonl"].contains(type) {
            return true
        }
        return zip(chunks, chunks.dropFirst()).contains { $1.atMs - $0.atMs > 100 }
    }
}
