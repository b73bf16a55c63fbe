import Foundation
import Logging
import MockAPICore
import MockAPIServer
import TestSupport

/// A replay server (GET / is recorded) with limits small enough to reach in a test, and raw connections to it.
/// Socket waits block, so they run on a thread of their own (``onThread(_:)``), never on the concurrency pool.
final class HostileRig: Sendable {
    static let timeout = 2
    static let connectionLimit = 4
    static let maxBody = 1024
    /// The longest a hostile connection may live: the timeout, the watchdog's quarter-period lateness, and slack for a
    /// loaded machine.
    static let closeBound = Double(timeout) + 1.5

    let server: MicroHTTPDServer

    init() throws {
        let cassettes = try TestFixtures.loaded(["github/get-root"])
        var logger = Logger(label: "mockapi.hostile")
        logger.logLevel = .critical
        let configuration = ServerConfiguration(
            port: 0, connectionTimeout: Self.timeout, connectionLimit: Self.connectionLimit, maxBodyBytes: Self.maxBody)
        let listener = try ListenSocket(configuration)
        server = try MicroHTTPDServer(
            listener: listener, configuration: configuration, logger: logger,
            responder: Replayer(cassettes: cassettes, baseURL: listener.baseURL))
    }

    /// A new raw connection; its reads give up after 5 s.
    func connect() throws -> RawConnection {
        try RawConnection(port: server.port, readTimeout: 5)
    }

    /// The status a well-formed GET / gets on a new connection (200 when all is well).
    func normalRequestStatus() throws -> Int? {
        let connection = try connect()
        connection.send("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        return connection.readResponse()?.status
    }

    /// What happened to bytes sent on a new connection: the status of the answer (nil for none), whether the server
    /// then closed the connection within ``closeBound``, and how long that took.
    func outcome(of bytes: [UInt8]) throws -> (status: Int?, closed: Bool, seconds: Double) {
        let connection = try connect()
        let started = ContinuousClock.now
        connection.send(bytes)
        let status = connection.readResponse()?.status
        let closed = connection.closes(within: Self.closeBound)
        let elapsed = started.duration(to: .now)
        return (status, closed, Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
    }

    func stop() async { await server.stop() }
}

/// Runs blocking work (socket reads) on a thread of its own and waits for it without blocking a concurrency thread.
func onThread<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        Thread.detachNewThread { continuation.resume(with: Result { try body() }) }
    }
}
