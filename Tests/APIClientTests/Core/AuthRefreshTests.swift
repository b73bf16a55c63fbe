import APIClient
import APIClientTesting
import Foundation
import Testing

struct AuthRefreshTests {
    @Test func credentialsAreAddedToRequests() async throws {
        let transport = StubTransport(.make(200, "ok"))
        let client = makeClient(transport) { $0.auth = TokenAuth(token: "abc") }
        _ = try await client.send(GetText())
        #expect(transport.requests.first?.headers["Authorization"] == "Bearer abc")
    }

    /// A 401 renews the credentials once and repeats the request with the new ones.
    @Test func unauthorized_refreshesOnceThenSucceeds() async throws {
        let auth = CountingAuth()
        let transport = StubTransport(.make(401), .make(200, "ok"))
        let client = makeClient(transport) { $0.auth = auth }
        #expect(try await client.send(GetText()) == "ok")
        #expect(auth.refreshes == 1)
        #expect(transport.requests.map { $0.headers["Authorization"] } == ["Bearer token-1", "Bearer token-2"])
    }

    /// A second 401 after a refresh is final: no second refresh, no loop.
    @Test func unauthorizedAgainAfterRefresh_isAnError() async throws {
        let auth = CountingAuth()
        let transport = StubTransport(.make(401), .make(401), .make(200, "never sent"))
        let client = makeClient(transport) { $0.auth = auth }
        let error = try #require(await apiError { try await client.send(GetText()) })
        #expect(error.status == 401)
        #expect(auth.refreshes == 1)
        #expect(transport.requests.count == 2)
    }

    /// A provider that cannot refresh (a fixed token) makes the first 401 final.
    @Test func fixedToken_doesNotRepeatAfter401() async throws {
        let transport = StubTransport(.make(401), .make(200, "never sent"))
        let client = makeClient(transport) { $0.auth = TokenAuth(token: "expired") }
        let error = try #require(await apiError { try await client.send(GetText()) })
        #expect(error.status == 401)
        #expect(transport.requests.count == 1)
    }

    @Test func failingRefresh_isAuthenticationFailed() async throws {
        let auth = CountingAuth(refreshError: TestError("refresh token revoked"))
        let transport = StubTransport(.make(401))
        let client = makeClient(transport) { $0.auth = auth }
        let error = try #require(await apiError { try await client.send(GetText()) })
        #expect(error.description == "GET https://api.example.com/zen: authentication failed: refresh token revoked")
    }

    /// The repeat after a refresh does not use up the retry policy's attempts.
    @Test func refreshRepeat_isNotCountedAsARetry() async throws {
        let clock = TestClock()
        let auth = CountingAuth()
        let transport = StubTransport(.make(401), .make(503), .make(200, "ok"))
        let client = makeClient(transport, clock: clock) {
            $0.auth = auth
            $0.retryPolicy = RetryPolicy(maxAttempts: 2)
        }
        #expect(try await client.send(GetText()) == "ok")
        #expect(transport.requests.count == 3)
        #expect(clock.sleeps == [.seconds(1)])
    }

    /// `RefreshingTokenAuth` fetches a new token on 401 and the repeat carries it.
    @Test func refreshingTokenAuth_sendsTheRenewedToken() async throws {
        let auth = RefreshingTokenAuth(token: "old") { "new" }
        let transport = StubTransport(.make(401), .make(200, "ok"))
        let client = makeClient(transport) { $0.auth = auth }
        _ = try await client.send(GetText())
        #expect(transport.requests.map { $0.headers["Authorization"] } == ["Bearer old", "Bearer new"])
        #expect(await auth.token == "new")
    }

    /// Credentials go only to the base URL's origin, never to another host a `Link` points at.
    @Test func credentialsAreNotSentToAnotherOrigin() async throws {
        let next = "https://elsewhere.example.org/numbers?page=2"
        let transport = StubTransport(
            .json(200, "[1, 2]", headers: ["Link": "<\(next)>; rel=\"next\""]),
            .json(200, "[3]"))
        let client = makeClient(transport) { $0.auth = TokenAuth(token: "secret") }
        let numbers = try await client.pages(ListNumbers()).allItems()
        #expect(numbers == [1, 2, 3])
        #expect(transport.requests.map { $0.headers["Authorization"] } == ["Bearer secret", nil])
    }
}
