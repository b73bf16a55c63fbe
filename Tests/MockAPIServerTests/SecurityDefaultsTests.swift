import ArgumentParser
import Foundation
import Logging
import MockAPICLI
import MockAPICore
import MockAPIServer
import MockAPITesting
import TestSupport
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// What keeps a mock server in CI from exposing more than its recordings.
@Suite(.timeLimit(.minutes(1)))
struct SecurityDefaultsTests {
    /// This machine's first non-loopback IPv4 address: connecting to it makes a real non-local peer.
    static let outsideAddress: String? = {
        var list: UnsafeMutablePointer<ifaddrs>?
        guard getifaddrs(&list) == 0, let first = list else { return nil }
        defer { freeifaddrs(list) }
        for entry in sequence(first: first, next: { $0.pointee.ifa_next }) {
            guard let address = entry.pointee.ifa_addr, address.pointee.sa_family == sa_family_t(AF_INET) else { continue }
            var text = [CChar](repeating: 0, count: Int(INET_ADDRSTRLEN))
            let bytes = address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { $0.pointee.sin_addr }
            var copy = bytes
            inet_ntop(AF_INET, &copy, &text, socklen_t(text.count))
            let name = String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            if !name.hasPrefix("127.") { return name }
        }
        return nil
    }()

    @Test func serve_listensOnLoopbackUnlessToldOtherwise() async throws {
        let serve = try MockAPI.Serve.parse(["Fixtures"])
        #expect(serve.server.host == "127.0.0.1")
        let server = try ReplayServer(cassettes: TestFixtures.loaded(["github/get-root"]))
        let port = server.baseURL.port ?? 0
        #expect(server.baseURL.host == "127.0.0.1")
        #expect(throws: Never.self) { _ = try RawConnection(port: port) }
        if let outside = Self.outsideAddress {
            #expect(throws: POSIXError.self, "reachable on \(outside)") { _ = try RawConnection(port: port, host: outside) }
        }
        await server.stop()
    }

    /// Listening on every interface, recorded answers reach other machines, the admin endpoints only with the token.
    @Test(.enabled(if: SecurityDefaultsTests.outsideAddress != nil, "needs a non-loopback IPv4 address on this machine"))
    func admin_refusesOtherMachines_unlessTheTokenIsSent() async throws {
        let token = "a-token-of-sixteen-or-more"
        let server = try MockAPIApp.replay(
            cassettes: TestFixtures.loaded(["github/get-root"]), adminToken: token,
            configuration: ServerConfiguration(host: "0.0.0.0", port: 0), logger: Logger(label: "test"))
        let outside = "http://\(Self.outsideAddress ?? ""):\(server.port)"
        let local = "http://127.0.0.1:\(server.port)"
        #expect(try await TestClient.shared.send("GET", outside + "/").status == 200, "replay answers other machines")
        let refused = try await TestClient.shared.send("GET", outside + "/__mockapi/journal")
        #expect(refused.status == 403)
        #expect(!refused.text.contains("get-root"), "a refusal shows nothing of the journal")
        #expect(try await TestClient.shared.send("GET", outside + "/__mockapi/", headers: [("X-Mockapi-Admin-Token", "wrong")]).status == 403)
        #expect(try await TestClient.shared.send("POST", outside + "/__mockapi/reset").status == 403)
        #expect(try await TestClient.shared.send("GET", outside + "/__mockapi/journal", headers: [("X-Mockapi-Admin-Token", token)]).status == 200)
        #expect(try await TestClient.shared.send("GET", local + "/__mockapi/journal").status == 200, "this machine needs no token")
        try await server.stop()
    }

    /// A cassette name in a URL selects among loaded cassettes only; no path reaches the filesystem.
    @Test(arguments: ["/@../../etc/passwd", "/@..%2F..%2Fetc%2Fpasswd", "/@%2E%2E/%2E%2E/etc/passwd", "/@/etc/passwd",
                      "/@github/../../../etc/passwd", "/@github%2F..%2F..%2F..%2Fetc%2Fpasswd"])
    func cassetteNamesInURLs_cannotReachFiles(path: String) async throws {
        let server = try ReplayServer(cassettes: TestFixtures.loaded(["github/get-root"]))
        let response = try await TestClient.shared.send("GET", server.baseURL.absoluteString + path)
        #expect(response.status == 404)
        #expect(response.values("x-mockapi-unmatched") == ["1"])
        #expect(!response.text.contains("root:"))
        await server.stop()
    }

    /// Replay answers from cassettes only: it never connects to a recorded upstream (only --record-missing does).
    @Test func replay_neverConnectsUpstream() async throws {
        let spy = try ListeningSpy()
        let upstream = "http://127.0.0.1:\(spy.port)"
        let cassette = Cassette(interactions: [
            Interaction(request: RecordedRequest(method: "GET", path: "/known"),
                        response: RecordedResponse(status: 200, body: .text("see \(upstream)/next")), upstream: upstream),
        ])
        let server = try ReplayServer(cassettes: [LoadedCassette(name: "spied", file: "spied.json", cassette: cassette)])
        let base = server.baseURL.absoluteString
        #expect(try await TestClient.shared.send("GET", base + "/known").status == 200)
        #expect(try await TestClient.shared.send("GET", base + "/unknown").status == 404)
        #expect(try await TestClient.shared.send("POST", base + "/known", body: Array("{}".utf8)).status == 404)
        #expect(try await TestClient.shared.send("GET", base + "/@spied/unknown").status == 404)
        await server.stop()
        #expect(spy.pendingConnections() == 0)

        // The control: asked to record what is missing, the same miss does reach the upstream.
        let folder = TemporaryFolder()
        try cassette.save(to: folder.file("spied.json"))
        let serve = try MockAPIProcess([
            "serve", folder.file("spied.json"), "--port", "0", "--record-missing", "--upstream", upstream,
            "--cassette", folder.file("new.json"), "--upstream-timeout", "1",
        ])
        let url = try await serve.listeningURL()
        _ = try await TestClient.shared.send("GET", url + "/unknown")
        serve.signal(SIGTERM)
        _ = await serve.finish()
        #expect(spy.pendingConnections() == 1)
    }
}

/// A listening socket that never accepts: connections to it wait in the backlog, where they can be counted.
private final class ListeningSpy {
    let fd: Int32
    let port: Int

    init() throws {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(fd, 16) == 0 else {
            close(fd) // `self.fd` is not set yet, so no `deinit` runs to close it.
            throw POSIXError(.EADDRINUSE)
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        self.fd = fd
        self.port = Int(UInt16(bigEndian: address.sin_port))
    }

    /// Accepts (and closes) whatever connections arrived so far, and says how many.
    func pendingConnections() -> Int {
        var count = 0
        while true {
            let connection = accept(fd, nil, nil)
            guard connection >= 0 else { return count }
            close(connection)
            count += 1
        }
    }

    deinit { close(fd) }
}
