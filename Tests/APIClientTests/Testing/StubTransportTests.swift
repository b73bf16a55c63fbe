import APIClient
import APIClientTesting
import Foundation
import Testing

/// `APIClientTesting.StubTransport`, the in-memory transport users test their own code with: what it answers, in
/// which order, what it keeps, and how its failures and delays reach the client.
struct StubTransportTests {
    /// Routes answer by method and path, whatever the order of the calls; a route's last reply is repeated.
    @Test func routes_answerByMethodAndPath_andRepeatTheirLastReply() async throws {
        let stub = StubTransport()
            .on("GET", "/people/1", .json(200, #"{"login": "a", "id": 1}"#), .json(200, #"{"login": "b", "id": 1}"#))
            .on("get", "/zen", .text(200, "Keep it logically awesome."))
        let client = makeClient(stub)

        #expect(try await client.send(GetText()) == "Keep it logically awesome.")
        var logins: [String] = []
        for _ in 1...3 { logins.append(try await client.send(GetPerson()).login) }
        #expect(logins == ["a", "b", "b"])
        #expect(stub.urls == ["https://api.example.com/zen"] + Array(repeating: "https://api.example.com/people/1",
                                                                        count: 3))
    }

    /// The method is part of the route: a DELETE does not get the GET's answer.
    @Test func routes_matchTheMethod() async throws {
        let stub = StubTransport().on("GET", "/things/1", .text(200, "a thing"))
        let client = makeClient(stub) { $0.retryPolicy = .never }
        let error = try #require(await apiError { try await client.send(DeleteThing()) })
        guard case .transport(_, let underlying) = error else {
            Issue.record("expected transport, got \(error)")
            return
        }
        #expect(String(describing: underlying)
            == "StubTransport has no reply for DELETE https://api.example.com/things/1: no route matches it and the "
            + "script is used up")
    }

    /// A route without a query matches any query; a route with one matches only that query, as sent.
    @Test func routes_matchTheQueryOnlyWhenTheyNameOne() async throws {
        let stub = StubTransport()
            .on("GET", "/numbers?per_page=2", .json(200, "[1, 2]"))
            .on("GET", "/numbers", .json(200, "[9]"))
            .on("GET", "/people", .json(200, "[]"))
        let client = makeClient(stub)
        #expect(try await client.send(ListNumbers()) == [1, 2])
        #expect(try await client.request(.get, "/numbers").query("per_page", "3").decode([Int].self) == [9])
        #expect(try await client.request(.get, "/people").query("q", "a b").decode([Person].self) == [])
    }

    /// A predicate route answers whatever it accepts; a handler computes the answer from the request.
    @Test func predicateRoute_withAHandler_answersFromTheRequest() async throws {
        let stub = StubTransport().on({ $0.headers["X-Echo"] != nil }, .handler { request in
            .make(200, request.headers["X-Echo"] ?? "")
        })
        let client = makeClient(stub)
        #expect(try await client.request(.get, "/anything").header("X-Echo", "hello").string() == "hello")
    }

    /// Routes come first; the script answers the rest, once each, in order; then nothing answers.
    @Test func script_answersWhatNoRouteMatches_onceEach_inOrder() async throws {
        let stub = StubTransport([.text(200, "first"), .text(200, "second")])
            .on("GET", "/people/1", .json(200, #"{"login": "r", "id": 1}"#))
        let client = makeClient(stub) { $0.retryPolicy = .never }

        #expect(try await client.send(GetText()) == "first")
        #expect(try await client.send(GetPerson()).login == "r")
        #expect(try await client.send(GetText()) == "second")
        let error = try #require(await apiError { try await client.send(GetText()) })
        #expect(EventRecorder.caseName(error) == "transport")
        #expect(stub.requests.count == 4)
    }

    /// Every request is kept whole: method, URL, headers and body.
    @Test func requests_keepWhatWasSent() async throws {
        let stub = StubTransport().on("POST", "/people", .json(201, #"{"login": "a", "id": 1}"#))
        let client = makeClient(stub)
        _ = try await client.send(PostPerson(), headers: ["X-Trace": "t1"])
        let request = try #require(stub.requests.first)
        #expect(request.method.rawValue == "POST")
        #expect(request.url?.absoluteString == "https://api.example.com/people")
        #expect(request.headers["X-Trace"] == "t1")
        #expect(request.body == Data(#"{"id":1,"login":"a"}"#.utf8))
    }

    /// A failure reply is a transport error: the client retries it like one (here once), then reports it.
    @Test func failure_isATransportErrorThatTheClientRetries() async throws {
        let stub = StubTransport().on("GET", "/zen", .failure(URLError(.notConnectedToInternet)), .text(200, "back"))
        let clock = TestClock()
        let client = makeClient(stub, clock: clock)
        #expect(try await client.send(GetText()) == "back")
        #expect(stub.requests.count == 2)
        #expect(clock.sleeps.count == 1)
    }

    /// A delayed reply waits on the transport's clock: a test clock sees the delay and nothing really sleeps.
    @Test func delayedReply_waitsOnTheTransportsClock() async throws {
        let clock = TestClock()
        let stub = StubTransport(clock: clock).on("GET", "/zen", .text(200, "slow").delayed(by: .seconds(30)))
        let client = makeClient(stub, clock: TestClock())
        let started = ContinuousClock.now
        #expect(try await client.send(GetText()) == "slow")
        #expect(clock.sleeps == [.seconds(30)])
        #expect(ContinuousClock.now - started < .seconds(5))
    }

    /// With the real clock, a delay really passes before the answer (a small, bounded one).
    @Test func delayedReply_onTheSystemClock_reallyWaits() async throws {
        let stub = StubTransport().on("GET", "/zen", .text(200, "late").delayed(by: .milliseconds(50)))
        let client = makeClient(stub)
        let started = ContinuousClock.now
        #expect(try await client.send(GetText()) == "late")
        #expect(ContinuousClock.now - started >= .milliseconds(50))
    }

    /// Cancelling the caller during a delay ends the call with `APIError.cancelled`, without waiting the delay out.
    @Test func cancellationDuringADelay_endsTheCall() async throws {
        let clock = TestClock(blocksSleeps: true)
        let stub = StubTransport(clock: clock).on("GET", "/zen", .text(200, "never").delayed(by: .seconds(3600)))
        let client = makeClient(stub)
        let call = Task { await apiError { try await client.send(GetText()) } }

        var sleeps = clock.sleepStarted.makeAsyncIterator()
        #expect(await sleeps.next() == .seconds(3600))
        call.cancel()

        let error = try #require(await call.value)
        #expect(error.isCancellation)
    }
}
