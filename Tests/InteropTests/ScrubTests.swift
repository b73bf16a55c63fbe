import Foundation
import MockAPICLI
import MockAPICore
import MockAPITesting
import Testing
import TestSupport

/// `mockapi scrub` on cassettes already on disk.
@Suite(.timeLimit(.minutes(1)))
struct ScrubTests {
    /// Scrubbing lists each change by place and rule, leaves no secret in the file, clears lint's secret findings,
    /// and a second run changes nothing, byte for byte.
    @Test func scrub_removesSecrets_andASecondRunChangesNothing() throws {
        let folder = TemporaryFolder()
        let file = folder.path + "/seeded.json"
        try LintTests.seeded().save(to: file)

        let first = try Command.scrub([folder.path])
        #expect(first.status == 0)
        #expect(first.standard == """
            \(file): interactions[0] request header authorization: header authorization
            \(file): interactions[0] request query access_token: query access_token
            \(file): interactions[1] response body: echo of interactions[0] request header authorization
            \(file): interactions[1] response body $.app.api_key: json $..api_key
            mockapi scrub: 4 changes in 1 of 1 cassette; 1 file rewritten

            """)
        let scrubbed = try FileIO.read(file)
        #expect(!String(decoding: scrubbed, as: UTF8.self).contains("gho_abc123"))
        let lint = try Command.lint([file])
        #expect(!lint.standard.contains("[secret-header]") && !lint.standard.contains("[secret-query]"))
        #expect(!lint.standard.contains("$.access_token"))

        let second = try Command.scrub([folder.path])
        #expect(second.status == 0)
        #expect(second.standard == "mockapi scrub: 1 cassette, nothing to change\n")
        #expect(try FileIO.read(file) == scrubbed)
        #expect(try folder.entries() == ["seeded.json"])
    }

    /// A scrubbed cassette still answers a client that sends its real token: placeholders match any value.
    @Test func scrubbedCassette_stillReplaysToARealClient() async throws {
        let folder = TemporaryFolder()
        let file = folder.path + "/s.json"
        try LintTests.seeded().save(to: file)
        _ = try Command.scrub([file])

        let server = try ReplayServer.start(cassettes: [file])
        let answer = try await HTTPFetch.send(
            "GET", server.baseURL.absoluteString + "/user?per_page=2&access_token=a-new-token",
            headers: [("authorization", "Bearer a-new-token")])
        #expect(answer.status == 200)
        #expect(server.unmatched.isEmpty)
        await server.stop()
    }

    /// `--redact-*` rules add to the defaults; `--dry-run` lists and writes nothing; `--readable-bodies` re-stores a
    /// base64 body that is JSON, the bytes unchanged.
    @Test func extraRules_dryRun_andReadableBodies() throws {
        let folder = TemporaryFolder()
        let file = folder.path + "/c.json"
        let cassette = Cassette(interactions: [
            .make("/me", requestHeaders: [("x-team", "blue")], body: .json(#"{"email":"me@example.com"}"#)),
            .make("/readme", body: .binary(Array(#"{"name":"README.md"}"#.utf8))),
        ])
        try cassette.save(to: file)
        let original = try FileIO.read(file)

        let dry = try Command.scrub([file, "--redact-json-field", "$.email", "--redact-header", "X-Team", "--dry-run"])
        #expect(dry.standard.hasSuffix("mockapi scrub: 2 changes in 1 of 1 cassette; nothing written (--dry-run)\n"))
        #expect(try FileIO.read(file) == original)

        let readable = try Command.scrub([file, "--readable-bodies"])
        #expect(readable.standard.hasPrefix("\(file): interactions[1] response body: readable body (base64 → json)\n"))
        let after = try Cassette.load(file: file)
        #expect(after.interactions[1].response.body == .json(#"{"name":"README.md"}"#))
        #expect(after.interactions[1].response.body.bytes == cassette.interactions[1].response.body.bytes)
        #expect(after.interactions[0] == cassette.interactions[0], "the defaults do not cover these")
    }

    /// The journal an interrupted recorder left holds unscrubbed interactions: scrub folds it in and removes it.
    @Test func writeAheadLogOfAnInterruptedRecorder_isFoldedInAndRemoved() async throws {
        let folder = TemporaryFolder()
        let file = folder.path + "/rec.json"
        let writer = try CassetteWriter(file: file)
        _ = try await writer.append(.make("/a", requestHeaders: [("cookie", "session=abcdef123456")]))
        #expect(try folder.entries() == [".rec.json.wal", "rec.json"], "the writer never finished: as if killed")

        let output = try Command.scrub([file])
        #expect(output.standard.contains("\(file): folded in and removed the write-ahead log an interrupted recorder left\n"))
        #expect(try folder.entries() == ["rec.json"])
        #expect(try Cassette.load(file: file).interactions.first?.request.headers["cookie"] == "session=<redacted>")
    }

    /// A file that is not a valid cassette is reported and left alone; the others are still scrubbed.
    @Test func brokenCassette_isReported_othersAreScrubbed() throws {
        let folder = TemporaryFolder()
        try Array("{".utf8).write(to: folder.path + "/a-broken.json")
        try LintTests.seeded().save(to: folder.path + "/b.json")
        let output = try Command.scrub([folder.path])
        #expect(output.status == 2)
        #expect(output.error == "mockapi: error: \(folder.path)/a-broken.json: line 1, column 1: not valid JSON: premature EOF\n")
        #expect(output.standard.hasSuffix("mockapi scrub: 4 changes in 1 of 2 cassettes; 1 file rewritten; 1 cassette could not be scrubbed\n"))
        #expect(try FileIO.read(folder.path + "/a-broken.json") == Array("{".utf8))
    }

    /// The recorder keeps a cassette's allow-list when it adds to the cassette.
    @Test func recorderAppending_keepsTheAllowList() async throws {
        let folder = TemporaryFolder()
        let file = folder.path + "/r.json"
        var cassette = Cassette(source: "s", interactions: [.make("/a")])
        cassette.lintAllowances = [LintAllowance(rule: "duplicate", reason: "on purpose")]
        try cassette.save(to: file)
        let writer = try CassetteWriter(file: file)
        _ = try await writer.append(.make("/b"))
        try await writer.finish()
        cassette.interactions.append(.make("/b"))
        #expect(try FileIO.read(file) == cassette.fileBytes())
    }

    /// The repository's own fixtures scrub without an error: the invented tokens refresh-token.json acknowledges in its
    /// lint.allow list are kept (as lint accepts them), and its source text, which names them, is not searched.
    @Test func repositoryFixtures_scrubCleanly_keepingAcknowledgedValues() throws {
        let folder = TemporaryFolder()
        let copy = folder.path + "/Fixtures"
        try FileManager.default.copyItem(atPath: try Inputs.fixtures, toPath: copy)
        let refresh = copy + "/github/client/refresh-token.json"
        let before = try FileIO.read(refresh)

        let dry = try Command.scrub([copy, "--dry-run"])
        let output = try Command.scrub([copy])
        #expect(output.status == 0)
        #expect(output.error == "")
        #expect(try FileIO.read(refresh) == before)
        #expect(dry.standard.split(separator: "\n").dropLast() == output.standard.split(separator: "\n").dropLast(),
                "the dry run lists what the run changes")
        #expect(try Command.scrub([copy]).standard.hasSuffix("nothing to change\n"))
    }

    /// A file that cannot be scrubbed (the value would stay, in a header name) is counted in the summary; a dry run
    /// and a run never disagree on it silently.
    @Test func unscrubbableFile_isCountedInTheSummary() throws {
        let folder = TemporaryFolder()
        let file = folder.path + "/leaky.json"
        try Cassette(interactions: [
            .make("/a", headers: [("set-cookie", "sid=abcdefgh12345678; Path=/"), ("abcdefgh12345678", "1")]),
        ]).save(to: file)
        let output = try Command.scrub([file])
        #expect(output.status == 2)
        #expect(output.error.contains("scrubbed values would remain in the file (interactions[0] response header set-cookie)"))
        #expect(output.standard == "mockapi scrub: 1 change in 1 of 1 cassette; 0 files rewritten; 1 cassette could not be scrubbed\n")
        let dry = try Command.scrub([file, "--dry-run"])
        #expect(dry.standard.hasSuffix("mockapi scrub: 1 change in 1 of 1 cassette; nothing written (--dry-run)\n"))
    }

    /// Each opt-out in both directions: kept with --keep-*, scrubbed without; --no-default-redaction keeps everything
    /// the user's own rules do not name.
    @Test func keepOptions_andNoDefaultRedaction() throws {
        let folder = TemporaryFolder()
        let file = folder.path + "/k.json"
        let cassette = Cassette(interactions: [
            .make("/a?access_token=tok_a1b2c3d4e5f6&state=s", requestHeaders: [("x-api-key", "key_0a9b8c7d6e5f")],
                  body: .json(#"{"password":"hunter2hunter2","gist":"ghp_R2d2C3poR2d2C3poR2d2C3poR2d2C3po1234"}"#)),
        ])
        func scrubbed(_ options: [String]) throws -> Interaction {
            try cassette.save(to: file)
            #expect(try Command.scrub([file] + options).status == 0)
            return try Cassette.load(file: file).interactions[0]
        }
        let all = try scrubbed([])
        #expect(all.request.query == "access_token=<redacted>&state=s")
        #expect(all.request.headers["x-api-key"] == "<redacted>")
        #expect(all.response.body == .json(#"{"password":"<redacted>","gist":"<redacted>"}"#))

        let kept = try scrubbed(["--keep-query", "access_token", "--keep-header", "X-Api-Key", "--keep-json-field", "$.gist"])
        #expect(kept.request.query == "access_token=tok_a1b2c3d4e5f6&state=s")
        #expect(kept.request.headers["x-api-key"] == "key_0a9b8c7d6e5f")
        #expect(kept.response.body == .json(#"{"password":"<redacted>","gist":"ghp_R2d2C3poR2d2C3poR2d2C3poR2d2C3po1234"}"#))

        let own = try scrubbed(["--no-default-redaction", "--redact-query", "state"])
        #expect(own.request.query == "access_token=tok_a1b2c3d4e5f6&state=<redacted>")
        #expect(own == Interaction.make("/a?access_token=tok_a1b2c3d4e5f6&state=<redacted>", requestHeaders: [("x-api-key", "key_0a9b8c7d6e5f")],
                                         body: cassette.interactions[0].response.body))
    }

    /// `--no-echo` is one of the scrubbing options every command shares: `scrub` with it replaces a token only where a
    /// rule finds it, and keeps the same whole value elsewhere (an invented token that equals other data).
    @Test func noEcho_keepsAnEchoedValue() throws {
        let folder = TemporaryFolder()
        let file = folder.path + "/e.json"
        let fake = "invented-token-value-0001"
        let cassette = Cassette(interactions: [
            .make("/repos/o/r", requestHeaders: [("authorization", "token \(fake)")], body: .json(#"{"echo":"\#(fake)"}"#)),
        ])
        for (options, echoed) in [([String](), "<redacted>"), (["--no-echo"], fake)] {
            try cassette.save(to: file)
            let output = try Command.scrub([file] + options)
            #expect(output.status == 0, "\(output.error)")
            let scrubbed = try Cassette.load(file: file).interactions[0]
            #expect(scrubbed.request.headers["authorization"] == "token <redacted>")
            #expect(scrubbed.response.body == .json(#"{"echo":"\#(echoed)"}"#))
        }
    }
}
