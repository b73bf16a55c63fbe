import Foundation
import MockAPICore
@testable import MockAPIServer
import NIOCore
import NIOHTTP1
import NIOPosix
import Synchronization
import Testing

/// The recorder's upstream calls stay on the event loop of the libmicrohttpd thread that starts them: each thread's
/// calls go over connections on its own loop, reused from call to call. A call that borrowed an idle connection on
/// another loop would cross between two threads at every step of its answer (twice the system calls a request).
@Suite(.timeLimit(.minutes(1)))
struct UpstreamLoopTests {
    @Test func callsFromTwoThreads_keepToConnectionsOfTheirOwnLoops() async throws {
        let upstream = try await CountingServer.start()
        let client = HTTPClientUpstream()
        let first = CallingThread()
        defer { first.stop() }
        // Threads take loops in turn, and tests running beside this one take some too: look for a thread with a loop
        // other than the first's (there is none when the group has one loop).
        var second = CallingThread()
        let firstLoop = await first.run { ObjectIdentifier(LoopAffinity.loop) }
        for _ in 0..<8 where await second.run({ ObjectIdentifier(LoopAffinity.loop) }) == firstLoop {
            second.stop()
            second = CallingThread()
        }
        defer { second.stop() }
        let loops = await second.run { ObjectIdentifier(LoopAffinity.loop) } == firstLoop ? 1 : 2

        // In turn, so that each call finds the other thread's connection idle.
        for thread in [first, second, first, second, first, second] {
            let call = await thread.run { client.start(UpstreamRequest(method: "GET", url: upstream.url + "/items")) }
            #expect(try await call.response().status == 200)
        }
        #expect(upstream.requestsByConnection == Array(repeating: 6 / loops, count: loops))

        await client.shutdown()
        try await upstream.stop()
    }
}

/// A thread of its own that runs the closures it is given, in order: a stand-in for one of libmicrohttpd's threads.
private final class CallingThread: Sendable {
    private let jobs = Mutex<[@Sendable () -> Bool]>([])
    private let waiting = DispatchSemaphore(value: 0)

    init() {
        // The thread holds on to the object until its last job.
        Thread { [self] in
            var going = true
            while going {
                waiting.wait()
                going = jobs.withLock { $0.removeFirst() }()
            }
        }.start()
    }

    func run<T: Sendable>(_ body: @escaping @Sendable () -> T) async -> T {
        await withCheckedContinuation { continuation in
            enqueue { continuation.resume(returning: body()); return true }
        }
    }

    /// Ends the thread once the jobs before are done.
    func stop() {
        enqueue { false }
    }

    private func enqueue(_ job: @escaping @Sendable () -> Bool) {
        jobs.withLock { $0.append(job) }
        waiting.signal()
    }
}

/// An HTTP server on 127.0.0.1 (SwiftNIO's) that answers 200 to everything and counts the requests each connection
/// carried, in the order the connections were accepted.
private final class CountingServer: Sendable {
    private let channel: any Channel
    private let counts: Counts
    let url: String

    final class Counts: Sendable {
        private let byConnection = Mutex<[Int]>([])
        func opened() -> Int { byConnection.withLock { $0.append(0); return $0.count - 1 } }
        func carried(on connection: Int) { byConnection.withLock { $0[connection] += 1 } }
        var value: [Int] { byConnection.withLock { $0 } }
    }

    var requestsByConnection: [Int] { counts.value }

    private init(channel: any Channel, counts: Counts) {
        self.channel = channel
        self.counts = counts
        self.url = "http://127.0.0.1:\(channel.localAddress?.port ?? 0)"
    }

    static func start() async throws -> CountingServer {
        let counts = Counts()
        let channel = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .childChannelInitializer { channel in
                let connection = counts.opened()
                return channel.pipeline.configureHTTPServerPipeline().flatMapThrowing {
                    try channel.pipeline.syncOperations.addHandler(Answering(connection: connection, counts: counts))
                }
            }
            .bind(host: "127.0.0.1", port: 0).get()
        return CountingServer(channel: channel, counts: counts)
    }

    func stop() async throws {
        try await channel.close()
    }

    private final class Answering: ChannelInboundHandler {
        typealias InboundIn = HTTPServerRequestPart
        typealias OutboundOut = HTTPServerResponsePart
        let connection: Int
        let counts: Counts

        init(connection: Int, counts: Counts) {
            self.connection = connection
            self.counts = counts
        }

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            guard case .end = unwrapInboundIn(data) else { return }
            counts.carried(on: connection)
            let head = HTTPResponseHead(version: .http1_1, status: .ok, headers: ["Content-Length": "0"])
            context.write(wrapOutboundOut(.head(head)), promise: nil)
            context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
        }
    }
}
