import Foundation
import MockAPICore
import TestSupport
import MockAPITesting

/// A recording proxy in front of stand-in upstreams, a client, and the cassette they produce; replays it on demand.
final class RecordRig: Sendable {
    let folder = TemporaryFolder()
    let recorder: RecordingServer
    let client = TestClient()
    let cassetteFile: String

    init(_ upstreams: [(mount: String, url: String)], rules: RedactionRules = .standard, upstreamTimeout: Double = 30) throws {
        cassetteFile = folder.file("Fixtures/session.json")
        recorder = try RecordingServer(
            upstreams: upstreams.map { UpstreamRoute(mount: $0.mount, upstream: $0.url) }, cassette: cassetteFile, rules: rules,
            upstreamTimeout: upstreamTimeout)
    }

    convenience init(upstream: StandInUpstream, rules: RedactionRules = .standard) throws {
        try self.init([("/", upstream.url)], rules: rules)
    }

    var base: String { recorder.baseURL.absoluteString }

    /// Sends a request through the recorder; `target` is the path and query.
    func record(_ method: String = "GET", _ target: String, headers: [(String, String)] = [], body: [UInt8]? = nil) async throws -> ClientAnswer {
        try await client.send(method, base + target, headers: headers, body: body)
    }

    var cassette: Cassette {
        get throws { try Cassette.load(file: cassetteFile) }
    }

    /// Starts a replay server over the recorded cassette, as `mockapi serve` would, and runs `body` against it.
    func replay<T>(_ body: (_ base: String) async throws -> T) async throws -> T {
        let server = try ReplayServer(cassettes: [LoadedCassette(name: "session", file: cassetteFile, cassette: try cassette)])
        do {
            let result = try await body(server.baseURL.absoluteString)
            await server.stop()
            return result
        } catch {
            await server.stop()
            throw error
        }
    }

    func stop() async {
        await recorder.stop()
        await client.shutdown()
    }
}

/// Runs `body` with a rig and a stand-in upstream, stopping both afterwards, also when `body` throws.
func withRig<T>(upstream answer: @escaping @Sendable (HTTPRequest) -> Reply, rules: RedactionRules = .standard,
                _ body: (RecordRig, StandInUpstream) async throws -> T) async throws -> T {
    let upstream = try StandInUpstream(answer)
    let rig: RecordRig
    do { rig = try RecordRig(upstream: upstream, rules: rules) } catch {
        await upstream.stop()
        throw error
    }
    do {
        let result = try await body(rig, upstream)
        await rig.stop()
        await upstream.stop()
        return result
    } catch {
        await rig.stop()
        await upstream.stop()
        throw error
    }
}
