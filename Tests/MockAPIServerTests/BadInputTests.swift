import Foundation
import MockAPICore
import MockAPIJSON
import MockAPIServer
import MockAPITesting
import TestSupport
import Testing
import Logging

/// Bad input gets a clear error or a clear HTTP answer, and the server keeps serving the next request.
@Suite(.timeLimit(.minutes(1)))
struct BadInputTests {
    private static func server(maxBody: Int = 1024) throws -> ReplayServer {
        try ReplayServer(cassettes: TestFixtures.loaded(["github/get-root"]), maxBodyBytes: maxBody)
    }

    private func stillServes(_ server: ReplayServer) async throws {
        #expect(try await TestClient.shared.send("GET", server.baseURL.absoluteString + "/").status == 200)
    }

    @Test func malformedRequestLine_gets400_andTheServerKeepsServing() async throws {
        let server = try Self.server()
        let connection = try RawConnection(port: server.baseURL.port ?? 0)
        connection.send("THIS IS NOT HTTP\r\n\r\n")
        let response = connection.readResponse()
        #expect(response?.status == 400)
        try await stillServes(server)
        await server.stop()
    }

    @Test func declaredBodyOverTheLimit_gets413_beforeItIsRead() async throws {
        let server = try Self.server(maxBody: 1024)
        let response = try await TestClient.shared.send("POST", server.baseURL.absoluteString + "/", body: Array(repeating: 0x41, count: 4096))
        #expect(response.status == 413)
        #expect(response.text == "mockapi: request body larger than the server's limit of 1024 bytes\n")
        try await stillServes(server)
        await server.stop()
    }

    @Test func chunkedBodyOverTheLimit_gets413() async throws {
        let server = try Self.server(maxBody: 1024)
        let connection = try RawConnection(port: server.baseURL.port ?? 0)
        let chunk = String(repeating: "x", count: 800)
        connection.send("POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n320\r\n\(chunk)\r\n320\r\n\(chunk)\r\n0\r\n\r\n")
        #expect(connection.readResponse()?.status == 413)
        try await stillServes(server)
        await server.stop()
    }

    /// Hundreds of query parameters fit the header memory (libmicrohttpd keeps a record of each in it): the request is
    /// answered, and its near miss summarises the repeated parameter.
    @Test func fiveHundredParameterQuery_getsAnUnmatchedAnswer() async throws {
        let server = try Self.server()
        let query = (0..<500).map { "p=\($0 % 10)" }.joined(separator: "&")
        let response = try await TestClient.shared.send("GET", server.baseURL.absoluteString + "/?" + query)
        #expect(response.status == 404)
        #expect(response.values("x-mockapi-unmatched") == ["1"])
        let body = try JSONValue.parse(response.body)
        #expect(body["error"]?.stringValue?.hasSuffix("… (\(2 + query.utf8.count) bytes)") == true)
        #expect(body["nearest"]?.arrayValue?.first?["differences"]
            == .array([.string(#"query parameter p: "0", "0", "0", "0", "0" … (500 values) (not recorded)"#)]))
        try await stillServes(server)
        await server.stop()
    }

    /// Ten thousand parameters do not fit the header memory: libmicrohttpd refuses the request (431, or a closed
    /// connection when it has no room left to answer), and the server keeps serving.
    @Test func tenThousandParameterQuery_isRefused_andTheServerKeepsServing() async throws {
        let server = try Self.server()
        let query = (0..<10_000).map { "p=\($0 % 10)" }.joined(separator: "&")
        let connection = try RawConnection(port: server.baseURL.port ?? 0)
        connection.send("GET /?\(query) HTTP/1.1\r\nHost: x\r\n\r\n")
        let status = connection.readResponse()?.status
        #expect(status == nil || status == 431 || status == 414)
        try await stillServes(server)
        await server.stop()
    }

    /// A request target beyond the header memory of a connection gets a clear 414, not a dropped connection.
    @Test func requestTargetOverTheHeaderMemory_gets414() async throws {
        let server = try Self.server()
        let response = try await TestClient.shared.send("GET", server.baseURL.absoluteString + "/?q=" + String(repeating: "x", count: 2 << 20))
        #expect(response.status == 414)
        try await stillServes(server)
        await server.stop()
    }

    @Test func hugeHeader_gets431() async throws {
        let server = try Self.server()
        let connection = try RawConnection(port: server.baseURL.port ?? 0)
        connection.send("GET / HTTP/1.1\r\nHost: x\r\nX-Big: \(String(repeating: "a", count: 1 << 20))\r\n\r\n")
        let status = connection.readResponse()?.status
        #expect(status == 431 || status == 413 || status == nil, "got \(String(describing: status))")
        try await stillServes(server)
        await server.stop()
    }

    /// Several requests on one connection: keep-alive works for replayed answers.
    @Test func keepAlive_servesSeveralRequestsOnOneConnection() async throws {
        let server = try Self.server()
        let connection = try RawConnection(port: server.baseURL.port ?? 0)
        for _ in 0..<3 {
            connection.send("GET / HTTP/1.1\r\nHost: x\r\n\r\n")
            #expect(connection.readResponse()?.status == 200)
        }
        await server.stop()
    }

    @Test func portInUse_isAClearError() async throws {
        let first = try Self.server()
        let port = first.baseURL.port ?? 0
        #expect {
            _ = try MicroHTTPDServer(
                configuration: ServerConfiguration(port: port), logger: Logger(label: "t"),
                responder: Replayer(cassettes: [], baseURL: ""))
        } throws: { error in
            "\(error)" == "127.0.0.1:\(port) is already in use; stop whatever listens there, or pick another port (port 0 picks a free one)"
        }
        try await stillServes(first)
        await first.stop()
    }
}
