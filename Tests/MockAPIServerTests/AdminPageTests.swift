import Foundation
import MockAPICore
import MockAPIJSON
import MockAPITesting
import TestSupport
import Testing

/// The page at `/__mockapi/` in a real headless Chromium: it lists the cassettes, shows requests as they arrive with
/// their outcome, and diffs a selected miss against its nearest recording. A screenshot is saved for people.
@Suite(.timeLimit(.minutes(2)))
struct AdminPageTests {
    /// Where the screenshot goes: `.build/test-output/admin-page/` in the package.
    static let outputFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../.build/test-output/admin-page").standardized.path

    @Test(.enabled(if: HeadlessChromium.executable != nil || HeadlessChromium.isRequired,
                   "needs Chromium (apt install chromium, or run scripts/test, which installs it)"))
    func page_showsLiveRequests_andDiffsASelectedMiss() async throws {
        let executable = try #require(HeadlessChromium.executable, "Chromium is required here (MOCKAPI_REQUIRE_CHROMIUM=1) but not installed")
        let server = try ReplayServer(cassettes: CassetteLoader.load([TestFixtures.folder]))
        let base = server.baseURL.absoluteString
        let browser = try HeadlessChromium(executable: executable)
        do {
            try await browser.open(base + "/__mockapi/")
            try await browser.wait(until: ##"document.body.dataset.ready === "1" && document.querySelectorAll("#cassettes tbody tr").length > 0"##)
            #expect(try await browser.evaluate(##"document.querySelectorAll("#journal tbody tr").length"##) == .number("0"))
            let names = try await browser.evaluate(##"[...document.querySelectorAll("#cassettes tbody tr")].map(r => r.dataset.name)"##)
            #expect(names?.arrayValue?.contains(.string("github/paginate-issues")) == true)

            // Requests made after the page loaded appear without a reload.
            #expect(try await TestClient.shared.send("GET", base + "/@github/get-root/").status == 200)
            #expect(try await TestClient.shared.send("GET", base + "/repos/octokit-fixture-org/paginate-issues/issues?per_page=4").status == 404)
            #expect(try await TestClient.shared.send("GET", base + "/", headers: [("X-Mockapi-Fault", "503")]).status == 503)
            try await browser.wait(until: ##"document.querySelectorAll("#journal tbody tr").length === 3"##)
            let rows = try await browser.evaluate(
                ##"[...document.querySelectorAll("#journal tbody tr")].map(r => [...r.cells].slice(2, 6).map(c => c.textContent).join(" | "))"##)
            #expect(rows == .array([
                .string("GET /@github/get-root/ | 200 | matched | github/get-root[0]"),
                .string("GET /repos/octokit-fixture-org/paginate-issues/issues?per_page=4 | 404 | unmatched | nearest: github/paginate-issues[0]"),
                .string("GET / | 503 | fault | injected 503"),
            ]))

            // Selecting the miss shows what differs from the nearest recording.
            _ = try await browser.evaluate(##"document.querySelector("#journal tr.unmatched").click(), true"##)
            try await browser.wait(until: ##"document.querySelector("#miss table.diff") !== null"##)
            let changed = try await browser.evaluate(
                ##"[...document.querySelector("#miss table.diff").querySelectorAll("tr.differs")].map(r => [...r.cells].map(c => c.textContent).join(" | "))"##)
            #expect(changed == .array([.string("query per_page | 4 | 3")]))
            let lines = try await browser.evaluate(##"[...document.querySelectorAll("#miss li")].map(li => li.textContent)"##)
            #expect(lines?.arrayValue?.first == .string(#"query parameter per_page: "4" (recorded "3")"#))

            let screenshot = Self.outputFolder + "/journal-with-miss.png"
            #expect(try await browser.screenshot(to: screenshot) > 10_000)
            // Looking at the page asked the server for nothing it would count as a miss (no /favicon.ico).
            #expect(server.requests.count == 3)
            print("mockapi page test: screenshot saved to \(screenshot)")
        } catch {
            await browser.quit()
            await server.stop()
            throw error
        }
        await browser.quit()
        await server.stop()
    }
    /// A streamed answer's row shows its chunks and duration; a client that leaves a stream midway is noted on its
    /// row once the server finds it gone: the page asks again for rows whose stream may still be running.
    @Test(.enabled(if: HeadlessChromium.executable != nil || HeadlessChromium.isRequired,
                   "needs Chromium (apt install chromium, or run scripts/test, which installs it)"))
    func page_showsAStreamsChunks_andAClientThatWentAway() async throws {
        let executable = try #require(HeadlessChromium.executable, "Chromium is required here (MOCKAPI_REQUIRE_CHROMIUM=1) but not installed")
        func streamed(_ path: String, count: Int, gapMs: Double) -> Interaction {
            Interaction(
                request: RecordedRequest(method: "GET", path: path),
                response: RecordedResponse(
                    status: 200, headers: [("content-type", "text/event-stream")],
                    body: .chunks(ChunkedBody(chunks: (0..<count).map {
                        ChunkedBody.Chunk(atMs: Double($0) * gapMs, text: "data: \($0)\n\n")
                    }))))
        }
        let cassette = Cassette(interactions: [streamed("/v1/quick", count: 3, gapMs: 10), streamed("/v1/slow", count: 40, gapMs: 2000)])
        let server = try ReplayServer(
            cassettes: [LoadedCassette(name: "llm", file: "llm.json", cassette: cassette)],
            options: ReplayOptions(streamTiming: .recorded))
        let base = server.baseURL.absoluteString
        let port = server.baseURL.port ?? 0
        let browser = try HeadlessChromium(executable: executable)
        do {
            try await browser.open(base + "/__mockapi/")
            try await browser.wait(until: ##"document.body.dataset.ready === "1""##)
            #expect(try await TestClient.shared.send("GET", base + "/v1/quick").status == 200)
            let first = try await offThread { () throws -> [UInt8]? in
                let connection = try RawConnection(port: port)
                connection.send("GET /v1/slow HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
                guard connection.readHead() != nil else { return nil }
                return connection.readChunk()
            }
            #expect(first == Array("data: 0\n\n".utf8))
            // The row appears while the stream still runs (the server finds the client gone at a later chunk's write,
            // 2 s or more after the head), and is updated with the note.
            try await browser.wait(until: ##"document.querySelectorAll("#journal td.stream").length === 2"##)
            let running = try await browser.evaluate(##"document.querySelectorAll("#journal td.stream")[1].textContent"##)
            #expect(running == .string("40 chunks · 78.00 s"))
            try await browser.wait(until: ##"[...document.querySelectorAll("#journal td.stream")].some(c => c.textContent.includes("client went away"))"##)
            let cells = try await browser.evaluate(##"[...document.querySelectorAll("#journal td.stream")].map(c => c.textContent)"##)
            let texts = cells?.arrayValue?.compactMap(\.stringValue) ?? []
            #expect(texts.count == 2)
            #expect(texts.first == "3 chunks · 0.02 s")
            #expect(texts.last?.hasPrefix("40 chunks · 78.00 s · client went away after ") == true, "\(texts)")
            let screenshot = Self.outputFolder + "/journal-with-streams.png"
            #expect(try await browser.screenshot(to: screenshot) > 10_000)
        } catch {
            await browser.quit()
            await server.stop()
            throw error
        }
        await browser.quit()
        await server.stop()
    }

    /// A GraphQL request's row names its operation after the path, matched or not: every GraphQL call is
    /// `POST /graphql`, so the path alone tells them apart for nobody.
    @Test(.enabled(if: HeadlessChromium.executable != nil || HeadlessChromium.isRequired,
                   "needs Chromium (apt install chromium, or run scripts/test, which installs it)"))
    func GraphQL_pageNamesTheOperationOfEachRequest() async throws {
        let executable = try #require(HeadlessChromium.executable, "Chromium is required here (MOCKAPI_REQUIRE_CHROMIUM=1) but not installed")
        let server = try ReplayServer(cassettes: TestFixtures.loaded(["github-graphql/enable-auto-merge"]))
        let base = server.baseURL.absoluteString
        let browser = try HeadlessChromium(executable: executable)
        do {
            try await browser.open(base + "/__mockapi/")
            try await browser.wait(until: ##"document.body.dataset.ready === "1""##)
            let recorded = #"{"query": "query GetPullRequestID { repository(owner: \"seate\", name: \"for-test\") { pullRequest(number: 9) { id } } }"}"#
            let other = #"{"query": "query GetPullRequestID { repository(owner: \"seate\", name: \"for-test\") { pullRequest(number: 10) { id } } }"}"#
            let json = [("Content-Type", "application/json")]
            #expect(try await TestClient.shared.send("POST", base + "/graphql", headers: json, body: Array(recorded.utf8)).status == 200)
            #expect(try await TestClient.shared.send("POST", base + "/graphql", headers: json, body: Array(other.utf8)).status == 404)
            try await browser.wait(until: ##"document.querySelectorAll("#journal tbody tr").length === 2"##)
            let rows = try await browser.evaluate(
                ##"[...document.querySelectorAll("#journal tbody tr")].map(r => [...r.cells].slice(2, 5).map(c => c.textContent).join(" | "))"##)
            #expect(rows == .array([
                .string("POST /graphql query GetPullRequestID | 200 | matched"),
                .string("POST /graphql query GetPullRequestID | 404 | unmatched"),
            ]))
        } catch {
            await browser.quit()
            await server.stop()
            throw error
        }
        await browser.quit()
        await server.stop()
    }
}
