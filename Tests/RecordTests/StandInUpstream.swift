import Logging
import MockAPICore
import MockAPIServer
import Synchronization

/// A stand-in for a real API: a libmicrohttpd server on 127.0.0.1 whose answers the test writes, and which remembers
/// every request it got, exactly as it arrived (raw target, every header, body).
final class StandInUpstream: Sendable {
    private let server: MicroHTTPDServer
    private let log: Log

    /// `http://127.0.0.1:PORT`
    var url: String { server.baseURL }

    init(_ answer: @escaping @Sendable (HTTPRequest) -> Reply) throws {
        var logger = Logger(label: "stand-in")
        logger.logLevel = .critical
        let log = Log()
        server = try MicroHTTPDServer(
            configuration: ServerConfiguration(host: "127.0.0.1", port: 0, maxBodyBytes: 32 << 20), logger: logger,
            responder: ClosureResponder(log: log, answer: answer))
        self.log = log
    }

    /// The requests received so far, oldest first.
    var requests: [HTTPRequest] { log.requests.withLock { $0 } }

    /// Answers every request with the same response.
    convenience init(always response: HTTPResponse) throws {
        try self.init { _ in .response(response) }
    }

    func stop() async {
        await server.stop()
    }

    final class Log: Sendable {
        let requests = Mutex<[HTTPRequest]>([])
    }

    struct ClosureResponder: Responder {
        let log: Log
        let answer: @Sendable (HTTPRequest) -> Reply
        var headerNeeds: HeaderNeeds { .all }

        func reply(to request: HTTPRequest) -> Reply {
            log.requests.withLock { $0.append(request) }
            return answer(request)
        }
    }
}
