import Foundation
import MockAPICore
import MockAPIJSON
import MockAPITesting
import TestSupport
import Testing

/// The page at `/__mockapi/` shows a replayed WebSocket conversation on its handshake's row: the messages each way
/// and how it ended, updated once it has ended (the row is asked for again while the conversation is open).
@Suite(.timeLimit(.minutes(2)))
struct AdminPageConversationTests {
    @Test(.enabled(if: HeadlessChromium.executable != nil || HeadlessChromium.isRequired,
                   "needs Chromium (apt install chromium, or run scripts/test, which installs it)"))
    func page_showsAConversationsMessagesAndHowItEnded() async throws {
        let executable = try #require(HeadlessChromium.executable, "Chromium is required here (MOCKAPI_REQUIRE_CHROMIUM=1) but not installed")
        let cassette = try Cassette(bytes: Array(WebSocketReplayTests.cassette.utf8), file: "ws.json")
        let server = try ReplayServer(cassettes: [LoadedCassette(name: "ws", file: "ws.json", cassette: cassette)])
        let base = server.baseURL.absoluteString
        let port = server.baseURL.port ?? 0
        let browser = try HeadlessChromium(executable: executable)
        do {
            try await browser.open(base + "/__mockapi/")
            try await browser.wait(until: ##"document.body.dataset.ready === "1""##)
            // Open while the page looks: its row shows it open, then how it ended.
            let open = try await WebSocketTestClient.connect(port: port, path: "/v1/open")
            try await browser.wait(until: ##"[...document.querySelectorAll("#journal td.stream")].some(c => c.textContent.includes("open"))"##)
            open.send(text: "a")
            #expect(await open.next() == .text("b"))
            open.send(text: "z")
            guard case .close(let code, _) = await open.next() else {
                Issue.record("no close frame")
                throw CancellationError()
            }
            #expect(code == 1008)
            try await browser.wait(until: ##"[...document.querySelectorAll("#journal td.stream")].some(c => c.textContent.includes("1008"))"##)
            let cells = try await browser.evaluate(##"[...document.querySelectorAll("#journal td.stream")].map(c => c.textContent).filter(t => t)"##)
            let texts = cells?.arrayValue?.compactMap(\.stringValue) ?? []
            #expect(texts.first?.hasPrefix("2 from client · 1 from server · closed 1008 at client message 2 (client message 2: ") == true,
                    "\(texts)")
            let screenshot = AdminPageTests.outputFolder + "/journal-with-conversation.png"
            #expect(try await browser.screenshot(to: screenshot) > 10_000)
        } catch {
            await browser.quit()
            await server.stop()
            throw error
        }
        await browser.quit()
        await server.stop()
    }
}
