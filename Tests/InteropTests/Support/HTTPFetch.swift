import AsyncHTTPClient
import NIOCore
import NIOHTTP1

/// What a client on 127.0.0.1 receives: no redirects followed, no decompression, every header as sent.
enum HTTPFetch {
    struct Response {
        let status: Int
        let headers: [(name: String, value: String)]
        let body: [UInt8]

        func values(_ name: String) -> [String] {
            headers.filter { $0.name.lowercased() == name.lowercased() }.map(\.value)
        }
    }

    static let client = HTTPClient(
        eventLoopGroupProvider: .singleton,
        configuration: HTTPClient.Configuration(redirectConfiguration: .disallow, decompression: .disabled))

    static func send(_ method: String, _ url: String, headers: [(String, String)] = [], body: [UInt8]? = nil) async throws -> Response {
        var request = HTTPClientRequest(url: url)
        request.method = HTTPMethod(rawValue: method)
        for (name, value) in headers { request.headers.add(name: name, value: value) }
        if let body { request.body = .bytes(ByteBuffer(bytes: body)) }
        let response = try await client.execute(request, timeout: .seconds(30))
        let collected = try await response.body.collect(upTo: 16 << 20)
        return Response(status: Int(response.status.code), headers: response.headers.map { ($0.name, $0.value) },
                        body: Array(buffer: collected))
    }
}
