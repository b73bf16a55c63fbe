import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1

/// An HTTP client for tests that sees the wire as it is: no redirects followed, no decompression, every header kept.
enum TestHTTP {
    struct Response {
        let status: Int
        let headers: [(name: String, value: String)]
        let body: [UInt8]

        func values(_ name: String) -> [String] {
            headers.filter { $0.name.lowercased() == name.lowercased() }.map(\.value)
        }

        var text: String { String(decoding: body, as: UTF8.self) }
    }

    static let client = HTTPClient(
        eventLoopGroupProvider: .singleton,
        configuration: HTTPClient.Configuration(redirectConfiguration: .disallow, decompression: .disabled))

    /// A client that opens as many connections as there are requests at once (the shared one keeps 8 per host).
    static let wide = HTTPClient(
        eventLoopGroupProvider: .singleton,
        configuration: HTTPClient.Configuration(
            redirectConfiguration: .disallow,
            connectionPool: .init(idleTimeout: .seconds(60), concurrentHTTP1ConnectionsPerHostSoftLimit: 256),
            decompression: .disabled))

    static func send(_ method: String = "GET", _ url: String, headers: [(String, String)] = [], body: [UInt8]? = nil,
                     client: HTTPClient = client, timeout: TimeAmount = .seconds(30)) async throws -> Response
    {
        var request = HTTPClientRequest(url: url)
        request.method = HTTPMethod(rawValue: method)
        for (name, value) in headers { request.headers.add(name: name, value: value) }
        if let body { request.body = .bytes(ByteBuffer(bytes: body)) }
        let response = try await client.execute(request, timeout: timeout)
        let collected = try await response.body.collect(upTo: 64 << 20)
        return Response(
            status: Int(response.status.code), headers: response.headers.map { ($0.name, $0.value) },
            body: Array(buffer: collected))
    }
}
