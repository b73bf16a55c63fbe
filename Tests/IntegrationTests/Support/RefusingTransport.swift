import APIClient
import Foundation
import Synchronization

/// URLSession, except that the requests whose numbers are in `refused` (1-based, in sending order) go to a port that
/// refuses connections: a real transport error, from the socket layer, at a chosen moment of a conversation with the
/// replay server. (The replay server cannot fail a connection on purpose on this branch; fault injection is being
/// added to it separately.)
final class RefusingTransport: HTTPTransport {
    struct NoURL: Error {}

    let refused: Set<Int>
    let closedPort: Int
    private let base = URLSessionTransport()
    private let count = Mutex(0)

    init(refusing refused: Set<Int>, port closedPort: Int) {
        self.refused = refused
        self.closedPort = closedPort
    }

    /// How many requests were handed to this transport, refused ones included.
    var sent: Int { count.withLock { $0 } }

    func send(_ request: HTTPRequest, body: Data?) async throws -> (HTTPResponse, Data) {
        let number = count.withLock { count in
            count += 1
            return count
        }
        guard refused.contains(number) else { return try await base.send(request, body: body) }
        var components = request.url.flatMap { URLComponents(url: $0, resolvingAgainstBaseURL: false) }
        components?.port = closedPort
        guard let url = components?.url else { throw NoURL() }
        var redirected = request
        redirected.url = url
        return try await base.send(redirected, body: body)
    }
}
