import Foundation
import HTTPTypes
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension RESTClient {
    /// A finished call: the decoded value, the head of the answer it came from, and the URL it was asked from.
    struct Delivery<Value: Sendable>: Sendable {
        var value: Value
        var response: HTTPResponse
        var url: URL
    }

    /// How many requests a call has sent, and how many of them the retry policy has to count.
    struct Attempts {
        var sent = 0
        /// The repeat after a credential refresh is not a retry, so it is not counted here.
        var counted = 0
        var refreshed = false
    }

    /// Runs one call of `endpoint`: to its own path under the base URL, or to `absoluteURL` (a `Link` target).
    /// This is the only place that sends requests, so every way of calling gets the same retries, auth and events.
    func execute<E: Endpoint>(
        _ endpoint: E, absoluteURL: URL? = nil, headers callHeaders: HTTPFields
    ) async throws(APIError) -> Delivery<E.Response> {
        let started = ContinuousClock.now
        let method = endpoint.method
        let resolution = absoluteURL.map { URLResolution(attempted: $0.absoluteString, url: $0, problem: nil) }
            ?? resolveURL(path: endpoint.path, queryItems: endpoint.queryItems, encoder: endpoint.queryEncoder)
        let summary = RequestSummary(method: method.rawValue, url: resolution.attempted)
        let call = CallReporter(id: nextCallID(), request: summary, listeners: configuration.listeners)
        var attempts = Attempts()
        call.emit(.start)
        defer { call.emit(.end(attempts: attempts.sent, elapsed: ContinuousClock.now - started)) }

        guard let url = resolution.url else {
            throw call.fail(.invalidURL(request: summary, reason: resolution.problem ?? "unknown reason"))
        }
        let body = endpoint.body
        if let error = body?.encodingError {
            throw call.fail(.encodingFailed(request: summary, underlying: error))
        }
        let request = HTTPRequest(
            method: method, url: url,
            headerFields: makeHeaders(endpoint: endpoint.headers, call: callHeaders, body: body))
        let auth = isSameOrigin(url) ? configuration.auth : nil

        while true {
            guard !Task.isCancelled else { throw call.fail(.cancelled(request: summary)) }
            var outgoing = request
            if let auth {
                do {
                    outgoing = try await auth.authorize(outgoing)
                } catch {
                    throw call.fail(Self.authFailure(error, summary))
                }
            }
            attempts.sent += 1
            attempts.counted += 1

            let response: HTTPResponse
            let received: Data
            do {
                (response, received) = try await transport.send(outgoing, body: body?.data)
            } catch {
                if Task.isCancelled || Self.isCancellation(error) { throw call.fail(.cancelled(request: summary)) }
                guard let decision = configuration.retryPolicy.decision(
                    afterTransportErrorOnAttempt: attempts.counted, method: method)
                else { throw call.fail(.transport(request: summary, underlying: error)) }
                try await wait(decision, nextAttempt: attempts.sent + 1, call: call)
                continue
            }
            call.emit(.received(response, attempt: attempts.sent))

            let interpretation = endpoint.interpret(response)
            if case .reject = interpretation {
                try await recover(
                    from: response, body: received, auth: auth, method: method, attempts: &attempts, call: call)
                continue
            }
            call.emit(.validated(status: response.status))
            let value: E.Response
            if case .value(let meaning) = interpretation {
                value = meaning
            } else {
                do {
                    value = try endpoint.decode(received, from: response)
                } catch {
                    throw call.fail(
                        .decodingFailed(request: summary, response: response, body: received, underlying: error))
                }
            }
            call.emit(.decoded)
            call.emit(.success)
            return Delivery(value: value, response: response, url: url)
        }
    }

    /// After a rejected answer: renews credentials once on a 401, or waits as the retry policy says, and returns
    /// so the request is sent again; otherwise throws the call's error.
    private func recover(
        from response: HTTPResponse, body: Data, auth: (any AuthProvider)?, method: HTTPRequest.Method,
        attempts: inout Attempts, call: CallReporter
    ) async throws(APIError) {
        if response.status == .unauthorized, !attempts.refreshed, let auth {
            attempts.refreshed = true
            attempts.counted -= 1
            call.emit(.authRefresh)
            let renewed: Bool
            do {
                renewed = try await auth.refresh(after: response)
            } catch {
                throw call.fail(Self.authFailure(error, call.request))
            }
            if renewed { return }
        }
        if let decision = configuration.retryPolicy.decision(
            after: response, attempt: attempts.counted, method: method, now: configuration.clock.now()) {
            try await wait(decision, nextAttempt: attempts.sent + 1, call: call)
            return
        }
        let errorBody = configuration.errorBodyDecoder?.decode(response, body: body)
        throw call.fail(
            .unexpectedStatus(request: call.request, response: response, body: body, errorBody: errorBody))
    }

    /// Reports the retry, then waits on the client's clock; a cancelled wait ends the call.
    private func wait(_ decision: RetryDecision, nextAttempt: Int, call: CallReporter) async throws(APIError) {
        call.emit(.retry(nextAttempt: nextAttempt, decision: decision))
        do {
            try await configuration.clock.sleep(for: decision.delay)
        } catch {
            throw call.fail(.cancelled(request: call.request))
        }
    }

    static func isCancellation(_ error: any Error) -> Bool {
        error is CancellationError || (error as? URLError)?.code == .cancelled
    }

    private static func authFailure(_ error: any Error, _ summary: RequestSummary) -> APIError {
        isCancellation(error) ? .cancelled(request: summary) : .authenticationFailed(request: summary, underlying: error)
    }
}

/// Reports the events of one call to the client's listeners.
struct CallReporter: Sendable {
    let id: Int
    let request: RequestSummary
    let listeners: [any APIListener]

    func emit(_ kind: APIEvent.Kind) {
        guard !listeners.isEmpty else { return }
        let event = APIEvent(callID: id, request: request, kind: kind)
        for listener in listeners {
            listener.handle(event)
        }
    }

    /// Reports `error` and hands it back to be thrown.
    func fail(_ error: APIError) -> APIError {
        emit(.error(error))
        return error
    }
}
