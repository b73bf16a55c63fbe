import AsyncHTTPClient
import Foundation
import MockAPICore
import MockAPIServer
import MockAPITesting
import NIOCore
import NIOHTTP1
import NIOSSL
import TestSupport
import Testing

/// HTTPS through libmicrohttpd's own TLS: `serve` and `record` with `--tls-cert/--tls-key` and `--tls-self-signed`,
/// reached by curl as a user's client would be (trusting the certificate, or with `-k`), and the in-process
/// ``ReplayServer`` reached by AsyncHTTPClient trusting ``ReplayServer/certificatePEM``.
@Suite(.timeLimit(.minutes(2)))
struct TLSTests {
    /// A cassette under `folder/team/a.json`: `GET /x` answers 200 "recorded x".
    private static func cassette(in folder: TemporaryFolder) throws -> String {
        try FileManager.default.createDirectory(atPath: folder.path + "/team", withIntermediateDirectories: true)
        let file = folder.path + "/team/a.json"
        try Cassette(interactions: [
            Interaction(
                request: RecordedRequest(method: "GET", path: "/x"),
                response: RecordedResponse(status: 200, headers: [("content-type", "text/plain")], body: .text("recorded x")))
        ]).save(to: file)
        return file
    }

    /// Starts `mockapi ARGUMENTS --port 0 --ready-file …`; its ready line and the URL in its ready file.
    private static func start(_ arguments: [String], folder: TemporaryFolder) async throws
        -> (process: MockAPIProcess, line: String, url: String)
    {
        let ready = folder.path + "/ready-\(UUID().uuidString)"
        let process = try MockAPIProcess(arguments + ["--port", "0", "--ready-file", ready])
        let line = try #require(await process.firstLine(), "no ready line; stderr: \(process.errorText)")
        let url = try String(contentsOfFile: ready, encoding: .utf8).trimmingCharacters(in: .newlines)
        return (process, line, url)
    }

    @Test func serve_withCertificateFiles_answersCurlTrustingIt() async throws {
        let folder = TemporaryFolder()
        _ = try Self.cassette(in: folder)
        let material = try TLSMaterial.selfSigned()
        try material.writeCertificate(to: folder.path + "/cert.pem")
        try Array(material.privateKeyPEM.utf8).write(to: folder.path + "/key.pem")
        let (serve, line, url) = try await Self.start(
            ["serve", folder.path, "--tls-cert", folder.path + "/cert.pem", "--tls-key", folder.path + "/key.pem"],
            folder: folder)
        #expect(url.hasPrefix("https://127.0.0.1:"), "the ready file holds the https URL")
        #expect(line.contains("listening on \(url) (certificate: \(folder.path)/cert.pem)"))
        let trusted = ["--cacert", folder.path + "/cert.pem"]

        let answer = try Curl.run(trusted + [url + "/x"])
        #expect(answer.status == 0 && answer.output == "recorded x", "\(answer.error)")
        // The same through localhost, which the certificate names too.
        let port = try #require(url.split(separator: ":").last)
        #expect(try Curl.run(trusted + ["https://localhost:\(port)/x"]).output == "recorded x")
        // A scoped URL, a near miss and the admin page, as over plain HTTP.
        #expect(try Curl.run(trusted + [url + "/@team/a/x"]).output == "recorded x")
        let miss = try Curl.run(trusted + ["-w", "\n%{http_code}", url + "/y"])
        #expect(miss.output.hasSuffix("\n404") && miss.output.contains("nearest"), "\(miss.output)")
        let admin = try Curl.run(trusted + ["-w", "\n%{http_code}", url + "/__mockapi/"])
        #expect(admin.output.hasSuffix("\n200") && admin.output.contains("<html"))
        // Without trusting it, curl refuses the certificate: it is not one a public authority signed.
        #expect(try Curl.run([url + "/x"]).status == 60)

        serve.signal(SIGTERM)
        #expect(await serve.finish().status == 0)
    }

    @Test func serve_selfSigned_answersCurlInsecure_andWritesTheCertificateItNames() async throws {
        let folder = TemporaryFolder()
        let file = try Self.cassette(in: folder)
        let (serve, line, url) = try await Self.start(["serve", file, "--tls-self-signed"], folder: folder)
        #expect(url.hasPrefix("https://127.0.0.1:"))
        #expect(try Curl.run(["-k", url + "/x"]).output == "recorded x")
        // The startup line names the certificate file, which clients can trust instead of -k.
        let named = try #require(line.firstRange(of: "(certificate: ").map { line[$0.upperBound...].prefix { $0 != ")" } })
        #expect(named.hasSuffix("-certificate.pem"))
        #expect(try Curl.run(["--cacert", String(named), url + "/x"]).output == "recorded x")

        serve.signal(SIGTERM)
        #expect(await serve.finish().status == 0)
        try? FileManager.default.removeItem(atPath: String(named))
    }

    @Test func serve_selfSignedWithTLSCert_writesTheCertificateThere() async throws {
        let folder = TemporaryFolder()
        let file = try Self.cassette(in: folder)
        let certificate = folder.path + "/made.pem"
        let (serve, _, url) = try await Self.start(["serve", file, "--tls-self-signed", "--tls-cert", certificate], folder: folder)
        #expect(try Curl.run(["--cacert", certificate, url + "/x"]).output == "recorded x")
        serve.signal(SIGTERM)
        #expect(await serve.finish().status == 0)
    }

    /// Plain HTTP to the HTTPS port, and a TLS handshake to a plain port: the client gets an error, the server logs
    /// nothing worse than a line and keeps serving.
    @Test func wrongProtocol_eitherWay_failsTheClient_notTheServer() async throws {
        let folder = TemporaryFolder()
        let file = try Self.cassette(in: folder)
        let (tlsServe, _, tlsURL) = try await Self.start(["serve", file, "--tls-self-signed"], folder: folder)
        let plainToTLS = try Curl.run([tlsURL.replacingOccurrences(of: "https://", with: "http://") + "/x"])
        #expect(plainToTLS.status == 52, "curl: empty reply (\(plainToTLS.error))")
        #expect(try Curl.run(["-k", tlsURL + "/x"]).output == "recorded x", "still serving HTTPS")

        let (plainServe, _, plainURL) = try await Self.start(["serve", file], folder: folder)
        let tlsToPlain = try Curl.run(["-k", plainURL.replacingOccurrences(of: "http://", with: "https://") + "/x"])
        #expect(tlsToPlain.status == 35, "curl: TLS handshake failed (\(tlsToPlain.error))")
        #expect(try Curl.run([plainURL + "/x"]).output == "recorded x", "still serving HTTP")

        for serve in [tlsServe, plainServe] {
            serve.signal(SIGTERM)
            #expect(await serve.finish().status == 0)
        }
    }

    @Test func serve_refusesAKeyThatIsNotTheCertificates_namingTheFile() async throws {
        let folder = TemporaryFolder()
        let file = try Self.cassette(in: folder)
        try TLSMaterial.selfSigned().writeCertificate(to: folder.path + "/cert.pem")
        try Array(TLSMaterial.selfSigned().privateKeyPEM.utf8).write(to: folder.path + "/other-key.pem")
        let result = try await MockAPIProcess.run(
            ["serve", file, "--port", "0", "--tls-cert", folder.path + "/cert.pem", "--tls-key", folder.path + "/other-key.pem"])
        #expect(result.status != 0 && result.stdout.isEmpty)
        #expect(result.stderr.contains("\(folder.path)/other-key.pem: this private key is not the key of the certificate"))
    }

    @Test func serve_refusesAnExpiredCertificate_sayingWhen() async throws {
        let folder = TemporaryFolder()
        let file = try Self.cassette(in: folder)
        let expired = try TLSMaterial.selfSigned(days: 1, start: time(nil) - 3 * 86_400)
        try expired.writeCertificate(to: folder.path + "/cert.pem")
        try Array(expired.privateKeyPEM.utf8).write(to: folder.path + "/key.pem")
        let result = try await MockAPIProcess.run(
            ["serve", file, "--port", "0", "--tls-cert", folder.path + "/cert.pem", "--tls-key", folder.path + "/key.pem"])
        #expect(result.status != 0)
        #expect(result.stderr.contains("\(folder.path)/cert.pem: the certificate expired on "), "\(result.stderr)")
    }

    @Test func serve_refusesATLSCertWithoutItsKey() async throws {
        let result = try await MockAPIProcess.run(["serve", "--port", "0", "--tls-cert", "/nonexistent.pem"])
        #expect(result.status == 64)
        #expect(result.stderr.contains("--tls-cert and --tls-key go together"))
    }

    /// `mockapi record` over HTTPS in front of a plain-HTTP upstream: the client speaks TLS to the proxy.
    @Test func record_overTLS_recordsAPlainUpstream() async throws {
        let folder = TemporaryFolder()
        let file = try Self.cassette(in: folder)
        let upstream = try ReplayServer(cassettes: CassetteLoader.load([file]))
        let cassette = folder.path + "/recorded.json"
        let (record, _, url) = try await Self.start(
            ["record", "--upstream", upstream.baseURL.absoluteString, "--cassette", cassette, "--tls-self-signed"],
            folder: folder)
        #expect(url.hasPrefix("https://"))
        #expect(try Curl.run(["-k", url + "/x"]).output == "recorded x")
        record.signal(SIGTERM)
        #expect(await record.finish().status == 0)
        await upstream.stop()
        let recorded = try Cassette.load(file: cassette)
        #expect(recorded.interactions.map(\.request.path) == ["/x"])
    }

    /// `mockapi record` over HTTPS in front of an HTTPS upstream whose self-signed certificate `--upstream-ca` trusts;
    /// without it, the upstream's certificate is refused and the client gets a 502 naming the failure.
    @Test func record_overTLS_recordsATLSUpstreamItTrusts() async throws {
        let folder = TemporaryFolder()
        let file = try Self.cassette(in: folder)
        let upstream = try ReplayServer(cassettes: CassetteLoader.load([file]), tls: TLSMaterial.selfSigned())
        try Array(try #require(upstream.certificatePEM).utf8).write(to: folder.path + "/upstream.pem")
        let (record, _, url) = try await Self.start(
            ["record", "--upstream", upstream.baseURL.absoluteString, "--cassette", folder.path + "/recorded.json",
             "--upstream-ca", folder.path + "/upstream.pem", "--tls-self-signed"],
            folder: folder)
        #expect(try Curl.run(["-k", url + "/x"]).output == "recorded x")
        record.signal(SIGTERM)
        #expect(await record.finish().status == 0)
        #expect(try Cassette.load(file: folder.path + "/recorded.json").interactions.map(\.request.path) == ["/x"])

        let (untrusting, _, untrustingURL) = try await Self.start(
            ["record", "--upstream", upstream.baseURL.absoluteString, "--cassette", folder.path + "/refused.json"],
            folder: folder)
        let refused = try Curl.run(["-w", "\n%{http_code}", untrustingURL + "/x"])
        #expect(refused.output.hasSuffix("\n502"), "\(refused.output)")
        untrusting.signal(SIGTERM)
        _ = await untrusting.finish()
        await upstream.stop()
    }

    /// The in-process server over HTTPS, with AsyncHTTPClient trusting its certificate.
    @Test func replayServer_selfSigned_answersAClientTrustingItsCertificate() async throws {
        let folder = TemporaryFolder()
        let file = try Self.cassette(in: folder)
        let server = try ReplayServer.start(cassettes: [file], tls: .selfSigned)
        #expect(server.baseURL.scheme == "https")
        var tls = TLSConfiguration.makeClientConfiguration()
        tls.trustRoots = .certificates(try NIOSSLCertificate.fromPEMBytes(Array(try #require(server.certificatePEM).utf8)))
        let client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: HTTPClient.Configuration(tlsConfiguration: tls))
        do {
            let response = try await client.execute(HTTPClientRequest(url: server.baseURL.absoluteString + "/x"), timeout: .seconds(30))
            #expect(response.status.code == 200)
            #expect(String(buffer: try await response.body.collect(upTo: 1 << 20)) == "recorded x")
        } catch {
            try await client.shutdown()
            await server.stop()
            throw error
        }
        try await client.shutdown()
        await server.stop()
    }
}

/// curl, as a user runs it against the server: `-sS`, output and errors collected, exit status kept.
private enum Curl {
    static func run(_ arguments: [String]) throws -> (status: Int32, output: String, error: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/curl")
        process.arguments = ["-sS", "--max-time", "20"] + arguments
        let output = Pipe(), error = Pipe()
        process.standardOutput = output
        process.standardError = error
        try process.run()
        let out = output.fileHandleForReading.readDataToEndOfFile()
        let err = error.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: out, as: UTF8.self), String(decoding: err, as: UTF8.self))
    }
}
