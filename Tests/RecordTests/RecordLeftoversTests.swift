import Foundation
import MockAPICore
import TestSupport
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// What a recorder leaves when it is killed: a small write-ahead log, which lint and serve name with the way out, in a
/// folder whose .gitignore keeps it out of commits; and a stop summary that counts what was written for the interactions.
@Suite(.serialized) struct RecordLeftoversTests {
    @Test func killedRecorder_leavesASmallLog_thatLintAndServeName_inAFolderThatIgnoresIt() async throws {
        let upstream = try StandInUpstream(always: .text(status: 200, "hello"))
        let folder = TemporaryFolder()
        let cassette = folder.file("Fixtures/github/session.json")
        let log = folder.file("Fixtures/github/.session.json.wal")
        let child = try MockAPIProcess(
            ["record", "--upstream", upstream.url, "--cassette", cassette, "--port", "0", "--log-level", "error"])
        let baseURL = try await child.listeningURL()
        let client = TestClient()
        #expect(try await client.send("GET", baseURL + "/hello").text == "hello")
        await client.shutdown()
        child.signal(SIGKILL)
        _ = await child.finish()

        // Answered, so on disk: in the log, which is a few KB, not a MiB of zeros.
        let logSize = try #require(try FileManager.default.attributesOfItem(atPath: log)[.size] as? Int)
        #expect(logSize <= 8 << 10, "the write-ahead log of one small interaction is \(logSize) bytes")
        #expect(try Cassette.load(file: cassette).interactions.map(\.request.path) == ["/hello"])
        let ignore = String(decoding: try FileIO.read(folder.file("Fixtures/.gitignore")), as: UTF8.self)
        #expect(ignore.split(separator: "\n").contains(".*.wal") && ignore.split(separator: "\n").contains(".*.recording"))

        let advice = "\(log) is the write-ahead log of a recorder that was killed; it holds 1 interaction that session.json "
            + "does not (replay reads them). Fold them in with `mockapi record --mode new --cassette \(cassette) --upstream "
            + "\(upstream.url)` stopped with Ctrl-C, or drop them: rm \(log)"
        let lint = try await MockAPIProcess.run(["lint", folder.file("Fixtures")])
        #expect(lint.status == 1)
        #expect(lint.stdout.contains("\(cassette): write-ahead log: \(advice) [leftover-log]\n"))

        let serve = try MockAPIProcess(["serve", folder.file("Fixtures"), "--port", "0"])
        _ = try await serve.listeningURL()
        serve.signal(SIGTERM)
        let served = await serve.finish()
        #expect(served.stderr.contains("mockapi: warning: \(advice)\n"))

        // Folded in as the advice says: nothing is left to name.
        let fold = try MockAPIProcess(
            ["record", "--mode", "new", "--cassette", cassette, "--upstream", upstream.url, "--port", "0", "--log-level", "error"])
        _ = try await fold.listeningURL()
        fold.signal(SIGINT)
        #expect(await fold.finish().status == 0)
        #expect(!FileManager.default.fileExists(atPath: log))
        #expect(try await MockAPIProcess.run(["lint", folder.file("Fixtures")]).status == 0)
        await upstream.stop()
    }

    @Test func stopSummary_countsTheBytesOfTheInteractions_notTheLogsReserve() async throws {
        let upstream = try StandInUpstream(always: .text(status: 200, "hello"))
        let folder = TemporaryFolder()
        let cassette = folder.file("small.json")
        let child = try MockAPIProcess(["record", "--upstream", upstream.url, "--cassette", cassette, "--port", "0", "--log-level", "error"])
        let baseURL = try await child.listeningURL()
        let client = TestClient()
        #expect(try await client.send("GET", baseURL + "/hello").status == 200)
        await client.shutdown()
        child.signal(SIGINT)
        let finished = await child.finish()
        let line = try #require(finished.stderr.split(separator: "\n").first { $0.hasPrefix("mockapi: \(cassette): 1 interaction recorded") })
        // One log line and one rewrite of the file: about twice the cassette's size, in bytes or KB.
        let size = try #require(try FileManager.default.attributesOfItem(atPath: cassette)[.size] as? Int)
        let written = try #require(line.split(separator: ", ").last)
        #expect(size < 1024 && written.hasSuffix(" written") && (written.hasSuffix(" B written") || written.hasPrefix("1.")
            || written.hasPrefix("2.")), "\(line)")
        #expect(!line.contains("MB written"))
        await upstream.stop()
    }
}
