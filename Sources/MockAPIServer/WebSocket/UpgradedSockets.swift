import CMicroHTTPD
import Glibc
import Logging
import MockAPICore
import NIOCore
import NIOPosix
import NIOWebSocket
import Synchronization

/// libmicrohttpd's handle on an upgraded connection, carried to the event loop that ends it.
struct UpgradeHandle: @unchecked Sendable {
    let pointer: OpaquePointer
}

/// The WebSocket conversations of one server: each upgraded socket is run by a NIO channel on the shared event loops
/// (a waiting conversation holds no thread), and is handed back to libmicrohttpd when the channel is done with it.
///
/// Descriptors: libmicrohttpd owns the upgraded socket and closes it on `MHD_UPGRADE_ACTION_CLOSE` (its manual: the
/// application "must not call close() directly"). The channel gets a `dup` of it, which NIO owns and closes; the
/// action is taken once the channel has closed, so each descriptor is closed once, by its owner.
final class UpgradedSockets: Sendable {
    private struct State {
        var open: [ObjectIdentifier: UpgradedSocket] = [:]
        var closed = false
        /// Run once the server is stopping and the last socket has been handed back.
        var whenEmpty: [@Sendable () -> Void] = []
    }

    /// Largest message accepted from a client, whole or in fragments; larger closes with 1009.
    let maxMessageBytes: Int
    private let logger: Logger
    private let state = Mutex(State())

    init(maxMessageBytes: Int, logger: Logger) {
        self.maxMessageBytes = maxMessageBytes
        self.logger = logger
    }

    /// Runs `handler` over an upgraded socket, on a libmicrohttpd thread (the upgrade callback): returns at once.
    /// `leading` are bytes libmicrohttpd read past the handshake.
    func adopt(socket: Int32, leading: [UInt8], handle: UpgradeHandle, handler: any WebSocketHandler) {
        let upgraded = UpgradedSocket(handle: handle, owner: self)
        let registered = state.withLock { state -> Bool in
            guard !state.closed else { return false }
            state.open[ObjectIdentifier(upgraded)] = upgraded
            return true
        }
        guard registered else {
            _ = mockapi_mhd_upgrade_close(handle.pointer)
            return handler.ended(.serverStopped)
        }
        let copy = dup(socket)
        guard copy >= 0 else {
            logger.warning("WebSocket: could not take over the upgraded socket (dup: errno \(errno))")
            upgraded.release()
            return handler.ended(.clientWentAway)
        }
        let maxMessageBytes = self.maxMessageBytes
        ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    let conversation = WebSocketChannelHandler(
                        handler: handler, maxMessageBytes: maxMessageBytes, eventLoop: channel.eventLoop)
                    let operations = channel.pipeline.syncOperations
                    if !leading.isEmpty { try operations.addHandler(LeadingBytesHandler(leading)) }
                    // The decoder's own frame limit is the message limit: a single frame over it is refused before
                    // its payload is read (1009); fragments are added up by the conversation handler.
                    try operations.addHandler(ByteToMessageHandler(WebSocketFrameDecoder(maxFrameSize: maxMessageBytes)))
                    try operations.addHandler(WebSocketFrameEncoder())
                    try operations.addHandler(conversation)
                    upgraded.attach(channel: channel, peer: conversation.peer)
                }
            }
            .withConnectedSocket(copy)
            .whenFailure { [logger] error in
                // The channel, once made, closed the copy; its handler was never active, so it never started.
                logger.warning("WebSocket: could not run the upgraded socket: \(error)")
                upgraded.release()
                handler.ended(.clientWentAway)
            }
    }

    /// Forgets a socket handed back to libmicrohttpd.
    fileprivate func remove(_ upgraded: UpgradedSocket) {
        let finished = state.withLock { state -> [@Sendable () -> Void] in
            state.open[ObjectIdentifier(upgraded)] = nil
            guard state.closed, state.open.isEmpty else { return [] }
            defer { state.whenEmpty = [] }
            return state.whenEmpty
        }
        for action in finished { action() }
    }

    /// Takes no more conversations, ends the open ones (close code 1001), and runs `done` once every upgraded socket
    /// has been handed back to libmicrohttpd (at once when none is open). Needs no waiting thread.
    func close(then done: @escaping @Sendable () -> Void) {
        let open = state.withLock { state -> [UpgradedSocket]? in
            state.closed = true
            guard !state.open.isEmpty else { return nil }
            state.whenEmpty.append(done)
            return Array(state.open.values)
        }
        guard let open else { return done() }
        for upgraded in open { upgraded.stop() }
    }

    /// Closes, and returns once every upgraded socket has been handed back.
    func close() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            close { continuation.resume() }
        }
    }

    /// Conversations open now.
    var openCount: Int { state.withLock { $0.open.count } }
}

/// One upgraded socket, from the upgrade until libmicrohttpd has it back.
private final class UpgradedSocket: Sendable {
    private struct State {
        var channel: (any Channel)?
        var peer: ChannelPeer?
        var stopping = false
        var released = false
    }

    private let handle: UpgradeHandle
    private let owner: UpgradedSockets
    private let state = Mutex(State())

    init(handle: UpgradeHandle, owner: UpgradedSockets) {
        self.handle = handle
        self.owner = owner
    }

    /// The channel runs the socket now (called on its event loop, before it is active); stopped at once when the
    /// server began stopping meanwhile.
    func attach(channel: any Channel, peer: ChannelPeer) {
        let stopping = state.withLock { state in
            state.channel = channel
            state.peer = peer
            return state.stopping
        }
        channel.closeFuture.whenComplete { _ in self.release() }
        if stopping { peer.stopServer() }
    }

    /// Ends the conversation because the server is stopping.
    func stop() {
        let peer = state.withLock { state in
            state.stopping = true
            return state.peer
        }
        peer?.stopServer()
    }

    /// Hands the socket back to libmicrohttpd, which closes it; once.
    func release() {
        let first = state.withLock { state in
            defer { state.released = true }
            state.channel = nil
            state.peer = nil
            return !state.released
        }
        guard first else { return }
        _ = mockapi_mhd_upgrade_close(handle.pointer)
        owner.remove(self)
    }
}
