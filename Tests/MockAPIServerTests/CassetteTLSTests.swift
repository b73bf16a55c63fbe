import AsyncHTTPClient
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import MockAPICore
import MockAPIServer
@testable import MockAPITesting
import NIOCore
import NIOHTTP1
import NIOSSL
import TestSupport
import Testing

/// HTTPS from the in-process helpers a test uses (`withCassette`, the `.cassette` trait, ``ReplayServer``): the client
/// trusts the certificate the server exposes, and nothing else; a client that trusts another certificate, or speaks
/// plain HTTP to the HTTPS port, gets an error and the server keeps serving.
@Suite(.timeLimit(.minutes(2)))
struct CassetteTLSTests {
    let folder = TemporaryFolder()

    /// A cassette file outside Fixtures/: `GET /x` answers 200 "recorded x".
    private func upstreamCassette() throws -> String {
        let file = folder.file("upstream.json")
        try Cassette(interactions: [
            Interaction(
                request: RecordedRequest(method: "GET", path: "/x"),
                response: RecordedResponse(status: 200, headers: [("content-type", "text/plain")], body: .text("recorded x")))
        ]).save(to: file)
        return file
    }

    /// A plain-HTTP stand-in upstream on loopback that answers from ``upstreamCassette()``.
    private func standInUpstream() throws -> ReplayServer {
        try ReplayServer(cassettes: CassetteLoader.load([upstreamCassette()]))
    }

    private var environment: [String: String] { ["MOCKAPI_FIXTURES": folder.file("Fixtures")] }

    @Test func withCassette_overHTTPS_recordsThenReplays_toAClientTrustingTheExposedCertificate() async throws {
        let upstream = try standInUpstream()
        let recordedCertificate = try await withCassette(
            "api/x", upstream: upstream.baseURL.absoluteString, tls: .selfSigned, environment: environment,
            file: #filePath
        ) { server in
            #expect(server.isRecording && server.baseURL.scheme == "https")
            let pem = try #require(server.certificatePEM)
            let answer = try await TrustingClient.get(server.baseURL.absoluteString + "/x", trusting: pem)
            #expect(answer.status == 200 && answer.text == "recorded x")
            return pem
        }
        await upstream.stop()
        #expect(try Cassette.load(file: folder.file("Fixtures/api/x.json")).interactions.map(\.request.path) == ["/x"])

        try await withCassette("api/x", tls: .selfSigned, environment: environment, file: #filePath) { server in
            #expect(!server.isRecording && server.baseURL.scheme == "https")
            let pem = try #require(server.certificatePEM)
            #expect(pem != recordedCertificate, "each start makes its own certificate")
            // Trusting another certificate (the recording run's): the handshake fails, the server keeps serving.
            await #expect(throws: NIOSSLError.self) {
                _ = try await TrustingClient.get(server.baseURL.absoluteString + "/x", trusting: recordedCertificate)
            }
            let answer = try await TrustingClient.get(server.baseURL.absoluteString + "/x", trusting: pem)
            #expect(answer.status == 200 && answer.text == "recorded x")
        }
    }

    /// `ServerTLS.files` with a certificate that expired: the start fails naming the file and the date, before any
    /// request.
    @Test func withCassette_expiredCertificateFile_failsTheStart_namingTheFile() async throws {
        let expired = try TLSMaterial.selfSigned(days: 1, start: time(nil) - 3 * 86_400)
        try expired.writeCertificate(to: folder.file("cert.pem"))
        try Array(expired.privateKeyPEM.utf8).write(to: folder.file("key.pem"))
        let error = await #expect(throws: TLSError.self) {
            try await withCassette(
                "api/x", upstream: "http://127.0.0.1:9",
                tls: .files(certificate: folder.file("cert.pem"), key: folder.file("key.pem")),
                environment: environment, file: #filePath
            ) { _ in Issue.record("the body ran with an expired certificate") }
        }
        #expect(error?.description.hasPrefix("\(folder.file("cert.pem")): the certificate expired on ") == true)
    }

    /// Plain HTTP to the in-process HTTPS server: the client's call fails (the connection is closed), HTTPS goes on.
    @Test func replayServer_overHTTPS_plainHTTPRequest_failsTheClient_notTheServer() async throws {
        let server = try ReplayServer.start(cassettes: [upstreamCassette()], tls: .selfSigned)
        let plain = server.baseURL.absoluteString.replacingOccurrences(of: "https://", with: "http://")
        await #expect(throws: (any Error).self) { _ = try await TestClient.shared.send("GET", plain + "/x", timeout: .seconds(20)) }
        let answer = try await TrustingClient.get(server.baseURL.absoluteString + "/x", trusting: try #require(server.certificatePEM))
        #expect(answer.text == "recorded x")
        await server.stop()
    }

    #if canImport(FoundationNetworking)
    /// URLSession on Linux (FoundationNetworking, libcurl underneath) trusts only the system's authorities: it has no
    /// per-session trust and never asks a delegate about the server's certificate. Against the made certificate it
    /// fails with an error that says so, not a crash, and the server keeps serving; docs/https.md says what to do.
    @Test func urlSession_onLinux_refusesTheMadeCertificate_sayingWhy() async throws {
        let server = try ReplayServer.start(cassettes: [upstreamCassette()], tls: .selfSigned)
        let session = URLSession(configuration: .ephemeral)
        let error = await #expect(throws: URLError.self) {
            _ = try await session.data(from: server.baseURL.appendingPathComponent("x"))
        }
        // FoundationNetworking passes libcurl's words on, with the code `.unknown`.
        #expect(
            error?.localizedDescription == "SSL certificate problem: self-signed certificate",
            "\(String(describing: error))")
        session.invalidateAndCancel()
        let answer = try await TrustingClient.get(server.baseURL.absoluteString + "/x", trusting: try #require(server.certificatePEM))
        #expect(answer.text == "recorded x")
        await server.stop()
    }
    #endif
}

/// The `.cassette` trait over HTTPS, on the repository's own fixture (it exists, so mode `none` only replays).
@Test(.cassette("github/get-root", mode: .none, tls: .selfSigned))
func cassetteTrait_overHTTPS_answersAClientTrustingTheExposedCertificate() async throws {
    let server = try #require(CassetteServer.current)
    #expect(server.baseURL.scheme == "https")
    let answer = try await TrustingClient.get(server.baseURL.absoluteString + "/", trusting: try #require(server.certificatePEM))
    #expect(answer.status == 200 && answer.text.contains("current_user_url"))
    try server.assertAllUsed()
}

/// AsyncHTTPClient trusting one certificate (PEM) and nothing else, as a user's test sets it up.
enum TrustingClient {
    static func get(_ url: String, trusting pem: String) async throws -> (status: Int, text: String) {
        var tls = TLSConfiguration.makeClientConfiguration()
        tls.trustRoots = .certificates(try NIOSSLCertificate.fromPEMBytes(Array(pem.utf8)))
        var configuration = HTTPClient.Configuration(tlsConfiguration: tls, redirectConfiguration: .disallow)
        // A refused handshake fails the call at once, instead of after retries until the connect timeout (10 s).
        configuration.connectionPool.retryConnectionEstablishment = false
        let client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
        do {
            let response = try await client.execute(HTTPClientRequest(url: url), timeout: .seconds(20))
            let body = try await response.body.collect(upTo: 1 << 20)
            try await client.shutdown()
            return (Int(response.status.code), String(buffer: body))
        } catch {
            try? await client.shutdown()
            throw error
        }
    }
}
