import Foundation
import MockAPICore
import MockAPIJSON
import MockAPITesting
import NIOCore
import TestSupport
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Each fault as a client meets it on the wire, and the seed that replays a run's faults.
@Suite(.timeLimit(.minutes(1)))
struct FaultTests {
    private static func server(_ conditions: ReplayConditions = .none) throws -> ReplayServer {
        try ReplayServer(cassettes: TestFixtures.loaded(["github/get-root"]), conditions: conditions)
    }

    private static func request(fault: String) -> String {
        "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Mockapi-Fault: \(fault)\r\n\r\n"
    }

    @Test func status503_and429_areAnsweredAndMarked() async throws {
        let server = try Self.server()
        let base = server.baseURL.absoluteString
        let unavailable = try await TestClient.shared.send("GET", base + "/", headers: [("X-Mockapi-Fault", "503")])
        #expect(unavailable.status == 503)
        #expect(unavailable.values("x-mockapi-fault") == ["503"])
        #expect(unavailable.text == "{\n  \"error\": \"mockapi: injected fault 503 (X-Mockapi-Fault header)\"\n}\n")
        let limited = try await TestClient.shared.send("GET", base + "/", headers: [("X-Mockapi-Fault", "429")])
        #expect(limited.status == 429)
        #expect(limited.values("retry-after") == ["0"])
        // The faults used up nothing: the recorded answer comes next.
        #expect(try await TestClient.shared.send("GET", base + "/").status == 200)
        #expect(server.requests.map(\.outcomeName) == ["fault", "fault", "matched"])
        await server.stop()
    }

    /// `reset`: no answer at all, and the connection is reset (ECONNRESET), not closed cleanly.
    @Test func reset_resetsTheConnection() async throws {
        let server = try Self.server()
        let connection = try RawConnection(port: server.baseURL.port ?? 0)
        connection.send(Self.request(fault: "reset"))
        let (bytes, error) = connection.readToEnd()
        #expect(bytes.isEmpty)
        #expect(error == ECONNRESET)
        #expect(try await TestClient.shared.send("GET", server.baseURL.absoluteString + "/").status == 200)
        await server.stop()
    }

    /// `truncate`: the head announces the whole body, half of it arrives, then the connection closes.
    @Test func truncate_sendsHalfTheBodyThenCloses() async throws {
        let server = try Self.server()
        let whole = try await TestClient.shared.send("GET", server.baseURL.absoluteString + "/").body
        let connection = try RawConnection(port: server.baseURL.port ?? 0)
        connection.send(Self.request(fault: "truncate"))
        let head = try #require(connection.readHead())
        #expect(head.hasPrefix("HTTP/1.1 200 OK\r\n"))
        #expect(head.contains("\r\nContent-Length: \(whole.count)"))
        #expect(head.contains("\r\nX-Mockapi-Fault: truncate"))
        let (body, _) = connection.readToEnd()
        #expect(body == Array(whole.prefix(whole.count / 2)))
        await server.stop()
    }

    /// A request no recording matches has no recorded answer to cut, as docs/many-tests-one-server.md says: `truncate` cuts mockapi's own
    /// 503 fault answer instead (half of it, then the connection closes).
    @Test func truncate_onAnUnmatchedRequest_cutsTheFaultAnswer() async throws {
        let server = try Self.server()
        let connection = try RawConnection(port: server.baseURL.port ?? 0)
        connection.send("GET /nothing-recorded HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Mockapi-Fault: truncate\r\n\r\n")
        let head = try #require(connection.readHead())
        #expect(head.hasPrefix("HTTP/1.1 503 Service Unavailable\r\n"))
        #expect(head.contains("\r\nX-Mockapi-Fault: truncate"))
        let length = try #require(head.split(separator: "\r\n").first { $0.lowercased().hasPrefix("content-length:") }
            .flatMap { Int($0.split(separator: ":")[1].trimmingCharacters(in: .whitespaces)) })
        let (body, _) = connection.readToEnd()
        #expect(body.count == length / 2)
        #expect(String(decoding: body, as: UTF8.self).hasPrefix("{\n  \"error\": \"mockapi: injected fau"))
        await server.stop()
    }

    /// `timeout`: nothing comes back until the client gives up; the server keeps answering others meanwhile, and
    /// stopping it does not wait for the silent connection.
    @Test func timeout_neverAnswers_untilTheClientGivesUp() async throws {
        let server = try Self.server()
        let base = server.baseURL.absoluteString
        let clock = ContinuousClock()
        let start = clock.now
        await #expect(throws: (any Error).self) {
            _ = try await TestClient.wide.send("GET", base + "/", headers: [("X-Mockapi-Fault", "timeout")], timeout: .seconds(1))
        }
        #expect(clock.now - start >= .seconds(1))
        #expect(try await TestClient.wide.send("GET", base + "/").status == 200)
        #expect(server.requests.map { "\($0.outcomeName) \($0.status)" } == ["fault 0", "matched 200"])
        let stopping = clock.now
        await server.stop()
        #expect(clock.now - stopping < .seconds(5))
    }

    /// The same seed gives the same faults in the same places, as the client sees them; another seed, others.
    @Test func seed_reproducesTheSequence() async throws {
        func run(seed: UInt64) async throws -> [String] {
            let server = try Self.server(ReplayConditions(faultRate: 0.4, faults: [.status(503), .reset, .truncate], seed: seed))
            var seen: [String] = []
            for _ in 0..<30 {
                let connection = try RawConnection(port: server.baseURL.port ?? 0)
                connection.send("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
                let (bytes, error) = connection.readToEnd()
                let text = String(decoding: bytes, as: UTF8.self)
                if error == ECONNRESET {
                    seen.append("reset")
                } else if let length = text.split(separator: "\r\n").first(where: { $0.hasPrefix("Content-Length: ") }),
                    let declared = Int(length.dropFirst(16)), let blank = text.range(of: "\r\n\r\n"),
                    text[blank.upperBound...].utf8.count < declared
                {
                    seen.append("truncated")
                } else {
                    seen.append(String(text.prefix(12).dropFirst(9)))
                }
            }
            #expect(server.requests.map(\.outcomeName).filter { $0 == "fault" }.count == seen.filter { $0 != "200" }.count)
            await server.stop()
            return seen
        }
        let first = try await run(seed: 42)
        #expect(try await run(seed: 42) == first)
        #expect(Set(first) == ["200", "503", "reset", "truncated"])
        #expect(try await run(seed: 4242) != first)
    }
}
