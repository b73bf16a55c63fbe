import MockAPICore
import Testing

/// What is sent again for a recording: placeholders never go out, `--header` brings credentials, `--upstream` redirects.
struct DriftRequestTests {
    /// Cache validators are values too: without them the answer is a full one, whatever changed since.
    @Test func scrubbedCredentialsAndCacheValidators_areDropped_andHeaderOptionsAdded() throws {
        let interaction = Interaction.make("GET",
            "/user?per_page=2", requestHeaders: [
                ("Authorization", "token <redacted>"), ("X-Api-Key", "<QIITA_TOKEN>"), ("Accept", "application/vnd.github+json"),
                ("User-Agent", "octokit"), ("Connection", "keep-alive"), ("If-None-Match", "\"a18c3b\""),
                ("If-Modified-Since", "Thu, 05 Jul 2012 15:31:30 GMT"),
            ], upstream: "https://api.github.com")
        let sent = try DriftRequest(for: interaction, overrides: [], extraHeaders: [
            UpstreamHeader("Authorization", "Bearer real", for: "https://API.github.com:443/"), UpstreamHeader("User-Agent", "drift"),
            UpstreamHeader("Authorization", "Bearer qiita", for: "https://qiita.com"),
        ])
        #expect(sent.upstream == "https://api.github.com")
        #expect(sent.request.method == "GET")
        #expect(sent.request.url == "https://api.github.com/user?per_page=2")
        #expect(sent.request.headers.fields.map { "\($0.name): \($0.value)" } == [
            "Accept: application/vnd.github+json", "Authorization: Bearer real", "User-Agent: drift",
        ])
        #expect(sent.request.body == nil)
    }

    @Test func queryParametersHoldingAPlaceholder_areDropped() throws {
        let interaction = Interaction.make("GET", "/items?access_token=%3Credacted%3E&page=2&key=<API_KEY>&q=a+b")
        #expect(try DriftRequest(for: interaction, overrides: [], extraHeaders: []).request.url == "https://api.example.com/items?page=2&q=a+b")
        let only = Interaction.make("GET", "/items?token=<redacted>")
        #expect(try DriftRequest(for: only, overrides: [], extraHeaders: []).request.url == "https://api.example.com/items")
    }

    /// `--upstream URL` replaces every recorded upstream; `--upstream /qiita=URL` only what was recorded under /qiita.
    @Test func overrides_followTheMount() throws {
        let github = Interaction.make("GET", "/user", upstream: "https://api.github.com")
        let qiita = Interaction.make("GET", "/api/v2/items", upstream: "https://qiita.com", mount: "/qiita")
        let overrides = [UpstreamRoute(mount: "/qiita", upstream: "http://127.0.0.1:2")]
        #expect(try DriftRequest(for: qiita, overrides: overrides, extraHeaders: []).request.url == "http://127.0.0.1:2/api/v2/items")
        #expect(try DriftRequest(for: github, overrides: overrides, extraHeaders: []).request.url == "https://api.github.com/user")
        let everything = [UpstreamRoute(mount: "/", upstream: "http://127.0.0.1:3")]
        #expect(try DriftRequest(for: qiita, overrides: everything, extraHeaders: []).upstream == "http://127.0.0.1:3")
    }

    @Test func noUpstream_saysHowToGiveOne() {
        let error = #expect(throws: DriftRequest.Unsendable.self) {
            try DriftRequest(for: .make("GET", "/x", upstream: nil), overrides: [], extraHeaders: [])
        }
        #expect(error?.description == "no upstream recorded for it; give one with --upstream URL")
    }

    @Test func unsafeRequests_carryTheirRecordedBody() throws {
        let post = Interaction.make("POST", "/repos/o/r/issues", requestBody: .text(#"{"title":"t"}"#))
        #expect(try DriftRequest(for: post, overrides: [], extraHeaders: []).request.body == Array(#"{"title":"t"}"#.utf8))
    }
}
