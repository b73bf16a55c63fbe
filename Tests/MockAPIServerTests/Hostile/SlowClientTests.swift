import Foundation
import TestSupport
import Testing

/// Clients that trickle their request (slowloris) or hold connections: each connection is closed once its request
/// has taken longer than the connection timeout to arrive (2 s here), however busy it keeps the socket, and the server
/// answers other clients again. Bytes are spaced by waiting on the socket for the server's answer or close.
@Suite(.timeLimit(.minutes(1)))
struct SlowClientTests {
    /// Sends `bytes` one at a time, 250 ms apart, until the server closes the connection or the bytes run out; the
    /// seconds from the first byte to the close (nil: not closed).
    private static func trickle(_ bytes: [UInt8], on connection: RawConnection) -> Double? {
        let started = ContinuousClock.now
        for byte in bytes {
            connection.send([byte])
            if connection.closes(within: 0.25) { break }
        }
        guard connection.closedByPeer || connection.closes(within: 0.25) else { return nil }
        let elapsed = started.duration(to: .now)
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    }

    /// 40 bytes at 4 per second: 10 s, far beyond the 2 s timeout, and never idle for more than 250 ms.
    private static let slowHead = Array("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: \(String(repeating: "z", count: 40))".utf8)

    @Test func trickledHead_isCutAtTheTimeout() async throws {
        let rig = try HostileRig()
        let seconds = try await onThread { Self.trickle(Self.slowHead, on: try rig.connect()) }
        let closedAfter = try #require(seconds, "the connection was still open after 10 s of trickling")
        #expect(closedAfter >= Double(HostileRig.timeout) - 0.1 && closedAfter < HostileRig.closeBound)
        #expect(try await onThread { try rig.normalRequestStatus() } == 200)
        await rig.stop()
    }

    @Test func trickledBody_isCutAtTheTimeout() async throws {
        let rig = try HostileRig()
        let seconds = try await onThread {
            let connection = try rig.connect()
            connection.send("POST / HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 40\r\n\r\n")
            return Self.trickle(Array(repeating: UInt8(ascii: "b"), count: 40), on: connection)
        }
        let closedAfter = try #require(seconds, "the connection was still open after 10 s of trickling")
        #expect(closedAfter < HostileRig.closeBound)
        #expect(try await onThread { try rig.normalRequestStatus() } == 200)
        await rig.stop()
    }

    /// As many trickling clients as the connection limit, and one more, normal, client: it waits in the listen
    /// backlog until the trickling ones are cut, then gets its answer.
    @Test func tricklersAtTheConnectionLimit_lockNobodyOut() async throws {
        let rig = try HostileRig()
        let (status, seconds, hogsClosed) = try await onThread {
            let hogs = try (0..<HostileRig.connectionLimit).map { _ in try rig.connect() }
            let normal = try rig.connect()
            let started = ContinuousClock.now
            normal.send("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            for byte in Self.slowHead where !normal.isReadable(within: 0.25) {
                for hog in hogs where !hog.closedByPeer { hog.send([byte]) }
            }
            let status = normal.readResponse()?.status
            let elapsed = started.duration(to: .now)
            return (status, Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18,
                    hogs.allSatisfy { $0.closes(within: HostileRig.closeBound) })
        }
        #expect(status == 200)
        #expect(seconds < HostileRig.closeBound + 0.5)
        #expect(hogsClosed)
        await rig.stop()
    }

    /// Idle connections over the limit: the extra client is served once the idle ones time out.
    @Test func idleConnectionsAtTheLimit_timeOut() async throws {
        let rig = try HostileRig()
        let (status, seconds) = try await onThread {
            let idle = try (0..<HostileRig.connectionLimit).map { _ in try rig.connect() }
            let started = ContinuousClock.now
            let status = try rig.normalRequestStatus()
            let elapsed = started.duration(to: .now)
            withExtendedLifetime(idle) {}
            return (status, Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
        }
        #expect(status == 200)
        #expect(seconds < HostileRig.closeBound + 0.5)
        await rig.stop()
    }
}
