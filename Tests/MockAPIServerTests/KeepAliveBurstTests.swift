import Foundation
import MockAPITesting
import TestSupport
import Testing

/// A burst of keep-alive connections that all send at once, on a server started afresh: every connection is answered,
/// twice in a row. libmicrohttpd's epoll loop slept through the connection timeout when exactly 128 connections were
/// ready on one worker (docs/performance.md, "The engine"); mockapi runs libmicrohttpd in poll mode, which has no
/// such loop. A stalled server would answer nothing within the read timeout (10 s, against a connection timeout of 30).
@Suite(.timeLimit(.minutes(2)))
struct KeepAliveBurstTests {
    @Test(arguments: [128, 256, 512, 1024])
    func everyConnectionOfABurst_isAnswered_twice(connections: Int) async throws {
        let server = try ReplayServer(cassettes: TestFixtures.loaded(["github/get-repository"]))
        let port = try #require(server.baseURL.port)
        let clients = try (0..<connections).map { _ in try RawConnection(port: port) }
        for round in 1...2 {
            for client in clients {
                #expect(client.send("GET /repos/octokit-fixture-org/hello-world HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"))
            }
            let answered = clients.count { $0.readResponse()?.status == 200 }
            #expect(answered == connections, "round \(round): \(connections - answered) of \(connections) unanswered")
        }
        await server.stop()
    }
}
