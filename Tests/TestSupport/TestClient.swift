import AsyncHTTPClient
import Foundation
import MockAPICore
import NIOCore
import NIOHTTP1

/// What a test client got: status, every header field in order, the body bytes as sent (never decompressed).
public struct ClientAnswer: Sendable {
    public let status: Int
    public let headers: MockAPICore.HTTPHeaders
    public let body: [UInt8]

    public var text: String { String(decoding: body, as: UTF8.self) }

    /// Every value of a header, ignoring case.
    public func values(_ name: String) -> [String] { headers.values(name) }

    /// The fields a client relies on: all but the framing the server does itself.
    public var meaningfulHeaders: MockAPICore.HTTPHeaders {
        MockAPICore.HTTPHeaders(headers.fields.filter {
            !["content-length", "connection", "transfer-encoding", "keep-alive"].contains($0.name.lowercased())
        })
    }
}

/// An HTTP client for tests that changes nothing: no redirects followed, no decompression, duplicate headers kept.
public final class TestClient: Sendable {
    /// One client for tests that need no special pool; never shut down.
    public static let shared = TestClient()
    /// A client that opens as many connections as there are requests at once (for concurrency tests).
    public static let wide = TestClient(connections: 256)

    private let client: HTTPClient

    public init(connections: Int = 64) {
        var pool = HTTPClient.Configuration.ConnectionPool()
        pool.concurrentHTTP1ConnectionsPerHostSoftLimit = connections
        // A server that is gone (killed on purpose) fails the call now instead of after retries.
        pool.retryConnectionEstablishment = false
        client = HTTPClient(
            eventLoopGroupProvider: .singleton,
            configuration: .init(redirectConfiguration: .disallow, timeout: .init(connect: .seconds(10), read: .seconds(60)),
                                 connectionPool: pool, decompression: .disabled))
    }

    public func send(_ method: String = "GET", _ url: String, headers: [(String, String)] = [], body: [UInt8]? = nil,
                     timeout: TimeAmount = .seconds(60)) async throws -> ClientAnswer {
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

    public func shutdown() async {
        try? await client.shutdown()
    }
}
