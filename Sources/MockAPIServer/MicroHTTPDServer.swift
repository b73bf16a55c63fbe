import CMicroHTTPD
import Logging
import MockAPICore
import Synchronization
import Glibc

/// The HTTP engine: libmicrohttpd with one poll loop per worker thread (never a thread per connection), keep-alive,
/// a body limit, idle timeouts. It turns each request into a ``Responder`` call and the reply into bytes on the wire.
///
/// Prepared replies are sent from a libmicrohttpd response built once per recorded answer; deferred replies park the
/// connection (libmicrohttpd suspend/resume) so waiting holds no thread.
package final class MicroHTTPDServer: Sendable {
    package let configuration: ServerConfiguration
    /// The bound port (the one picked when configured with 0).
    package let port: Int
    /// `http://127.0.0.1:PORT`: what clients use as their base URL.
    package let baseURL: String

    private let running: RunningDaemon
    /// The context's conversations, kept here too: the context goes with the daemon.
    private let webSockets: UpgradedSockets
    private let stopped = Atomic<Bool>(false)

    /// Starts serving `responder` on a socket bound beforehand (see ``ListenSocket``), which the server takes over;
    /// when this returns, the server answers requests. `configuration`'s host and port are the listener's business.
    package init(listener: ListenSocket, configuration: ServerConfiguration, logger: Logger, responder: any Responder) throws {
        guard let descriptor = listener.take() else {
            throw ServerError.startFailed(reason: "the listening socket already serves another server")
        }
        let context = ServerContext(
            responder: responder, maxBodyBytes: configuration.maxBodyBytes, maxBodySetting: configuration.maxBodySetting,
            connectionTimeout: configuration.connectionTimeout, maxWebSocketMessageBytes: configuration.maxWebSocketMessageBytes,
            logger: logger)
        let retained = Unmanaged.passRetained(context)

        var settings = mockapi_mhd_settings()
        // poll(), not epoll: libmicrohttpd's epoll loop can sleep through a burst of exactly 128 ready connections (see
        // docs/performance.md, "The engine"); poll has no such loop, and runs where epoll does not exist.
        // Suppressing libmicrohttpd's own Date lets a recorded Date through unduplicated; mockapi adds one to answers
        // it makes up itself.
        settings.flags = UInt32(MHD_USE_INTERNAL_POLLING_THREAD.rawValue | MHD_USE_POLL.rawValue
            | MHD_USE_SUPPRESS_DATE_NO_CLOCK.rawValue | MHD_USE_ERROR_LOG.rawValue | MHD_ALLOW_SUSPEND_RESUME.rawValue
            | MHD_ALLOW_UPGRADE.rawValue)
        settings.listen_socket = descriptor
        settings.thread_pool_size = UInt32(max(configuration.threads, 1))
        settings.connection_timeout = UInt32(max(configuration.connectionTimeout, 0))
        settings.connection_limit = UInt32(max(configuration.connectionLimit, 0))
        settings.connection_memory_limit = max(configuration.headerMemoryBytes, 0)
        settings.notify_connection = mockapiConnectionNotify
        settings.notify_connection_cls = retained.toOpaque()

        if configuration.tls != nil {
            guard TLSMaterial.isSupported else {
                close(descriptor)
                retained.release()
                throw ServerError.startFailed(reason: TLSMaterial.unsupportedReason)
            }
            settings.flags |= UInt32(MHD_USE_TLS.rawValue)
        }
        let started = configuration.tls.withPEMs(in: &settings) { settings in
            mockapi_mhd_start_daemon(
                settings, mockapiAccessHandler, retained.toOpaque(), mockapiURILog, retained.toOpaque(),
                mockapiRequestCompleted, retained.toOpaque(), context.mhdLogger)
        }
        guard let started else {
            close(descriptor)
            retained.release()
            throw ServerError.startFailed(reason: "libmicrohttpd refused the settings (see the log above)")
        }
        self.configuration = configuration
        self.port = listener.port
        self.baseURL = listener.baseURL
        self.running = RunningDaemon(daemon: started, context: retained)
        self.webSockets = context.webSockets
    }

    /// Binds `configuration`'s host and port and serves `responder`, for a responder that does not need the server's
    /// own URL.
    package convenience init(configuration: ServerConfiguration, logger: Logger, responder: any Responder) throws {
        try self.init(listener: ListenSocket(configuration), configuration: configuration, logger: logger, responder: responder)
    }

    /// Stops accepting, cancels deferred work (delays answer at once, upstream calls fail), cuts the streams waiting
    /// for their next chunk, and waits until every parked connection has been resumed; ends the open WebSocket
    /// conversations (close code 1001) and waits until their sockets are handed back; waits, for at most a second,
    /// until the answers parked connections were given have been sent; then closes every connection. Safe to call
    /// twice.
    package func stop() async {
        guard !stopped.exchange(true, ordering: .acquiringAndReleasing) else { return }
        let context = running.context.takeUnretainedValue()
        await context.deferred.cancelAndWait()
        await context.pacing.close()
        // Conversations first: a deferred reply that became one (a recorded upgrade) counts as delivered only once
        // its socket is handed back.
        await context.webSockets.close()
        await context.deferred.deliveries(atMost: .seconds(1))
        running.stop()
    }

    /// WebSocket conversations open now.
    package var openWebSockets: Int { webSockets.openCount }

    deinit {
        // A server dropped without stop() still closes its socket and threads, but only once every parked connection
        // has been resumed: stopping libmicrohttpd with one suspended aborts the process. The last deferred task to
        // finish, or the pacing clock's thread once it has resumed the waiting streams, does it; nothing waits here.
        if !stopped.exchange(true, ordering: .acquiringAndReleasing) {
            let running = self.running
            let context = running.context.takeUnretainedValue()
            context.deferred.close { context.pacing.close { context.webSockets.close { running.stop() } } }
        }
    }
}

/// The started daemon and what its callbacks reach, stopped once (after its deferred work has drained).
private struct RunningDaemon: @unchecked Sendable {
    let daemon: OpaquePointer
    let context: Unmanaged<ServerContext>

    func stop() {
        MHD_stop_daemon(daemon)
        context.release()
    }
}

/// What the C callbacks reach through their closure pointer.
final class ServerContext: Sendable {
    let responder: any Responder
    /// The headers the responder needs (``HeaderNeeds/only(_:)``), taken by the request check; nil when it needs them
    /// all.
    let wantedHeaders: [WantedHeader]?
    let maxBodyBytes: Int
    /// The 413 answer's text.
    let tooLargeMessage: String
    /// Seconds of silence before libmicrohttpd closes a connection (0: never); a `hang` reply waits as long.
    let connectionTimeout: Int
    let logger: Logger
    let deferred = DeferredWork()
    /// Resumes replayed streams when their next chunk is due.
    let pacing = PacingClock()
    /// The upgraded connections' conversations.
    let webSockets: UpgradedSockets
    /// Cuts connections whose request takes longer than the connection timeout to arrive; nil without a timeout.
    let deadlines: RequestDeadlines?
    /// Handed to libmicrohttpd's logger option; lives as long as this context.
    nonisolated(unsafe) let mhdLogger: UnsafeMutablePointer<mockapi_mhd_logger>

    init(responder: any Responder, maxBodyBytes: Int, maxBodySetting: String?, connectionTimeout: Int,
         maxWebSocketMessageBytes: Int, logger: Logger) {
        self.responder = responder
        self.webSockets = UpgradedSockets(maxMessageBytes: maxWebSocketMessageBytes, logger: logger)
        self.deadlines = connectionTimeout > 0 ? RequestDeadlines(seconds: connectionTimeout, logger: logger) : nil
        if case .only(let names) = responder.headerNeeds {
            wantedHeaders = Set(names.map { $0.lowercased() }).sorted().map(WantedHeader.init)
        } else {
            wantedHeaders = nil
        }
        self.maxBodyBytes = maxBodyBytes
        self.tooLargeMessage = "mockapi: request body larger than the server's limit of \(maxBodyBytes) bytes"
            + (maxBodySetting.map { " (\($0))" } ?? "") + "\n"
        self.connectionTimeout = connectionTimeout
        self.logger = logger
        self.mhdLogger = .allocate(capacity: 1)
        mhdLogger.initialize(to: mockapi_mhd_logger(function: mockapiLog, context: nil))
        mhdLogger.pointee.context = Unmanaged.passUnretained(self).toOpaque()
    }

    deinit {
        mhdLogger.deallocate()
    }
}
