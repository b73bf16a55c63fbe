import AsyncHTTPClient
import Foundation
import MockAPICore
import NIOCore
import NIOHTTP1

/// What a test client got: status, every header field in order, the body bytes as sent (never decompressed).
package struct ClientAnswer: Sendable {
    package let status: Int
    package let headers: MockAPICore.HTTPHeaders
    package let body: [UInt8]

    package var text: String { String(decoding: body, as: UTF8.self) }

    /// Every value of a header, ignoring case.
    package func values(_ name: String) -> [String] { headers.values(name) }

    /// The fields a client relies on: all but the framing the server does itself.
    package var meaningfulHeaders: MockAPICore.HTTPHeaders {
        MockAPICore.HTTPHeaders(headers.fields.filter {
            !["content-length", "connection", "transfer-encoding", "keep-alive"].contains($0.name.lowercased())
        })
    }
}

/// An HTTP client for tests that changes nothing: no redirects followed, no decompression, duplicate headers kept.
package final class TestClient: Sendable {
    /// One client for tests that need no special pool; never shut down.
    package static let shared = TestClient()
    /// A client that opens as many connections as there are requests at once (for concurrency tests).
    package static let wide = TestClient(connections: 256)

    private let client: HTTPClient

    package init(connections: Int = 64) {
        var pool = HTTPClient.Configuration.ConnectionPool()
        pool.concurrentHTTP1ConnectionsPerHostSoftLimit = connections
        // A server that is gone (killed on purpose) fails the call now instead of after retries.
        pool.retryConnectionEstablishment = false
        client = HTTPClient(
            eventLoopGroupProvider: .singleton,
            configuration: .init(redirectConfiguration: .disallow, timeout: .init(connect: .seconds(10), read: .seconds(Int64(HangGuard.seconds))),
                                 connectionPool: pool, decompression: .disabled))
    }

    package func send(_ method: String = "GET", _ url: String, headers: [(String, String)] = [], body: [UInt8]? = nil,
                     timeout: TimeAmount = .seconds(Int64(HangGuard.seconds))) async throws -> ClientAnswer {
        var request = HTTPClientRequest(url: url)
        request.method = HTTPMethod(rawValue: method)
        for (name, value) in headers { request.headers.add(name: name, value: value) }
        if let body { request.body = .bytes(ByteBuffer(bytes: body)) }
        let response = try await client.execute(request, timeout: timeout)
        let bytes = try await response.body.collect(upTo: 64 << 20)
        var fields = MockAPICore.HTTPHeaders()
        for field in response.headers { fields.append(field.name, field.value) }
        return ClientAnswer(status: Int(response.status.code), headers: fields, body: Array(buffer: bytes))
    }

    package func shutdown() async {
        try? await client.shutdown()
    }
}
