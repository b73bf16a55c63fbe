import MockAPICore
import MockAPIJSON
import Testing

struct URLRewriteTests {
    private let base = "http://127.0.0.1:9999"

    /// Clients following `next` links, `Location` or `url` fields stay on the mock.
    @Test func linkLocationAndBodyURLs_pointAtTheServer() async {
        let recorded = Interaction.make(
            "GET", "/repos/o/r/issues?per_page=3", status: 200,
            body: .json(.object(["url": .string("https://api.github.com/repos/o/r/issues/1"), "html_url": .string("https://github.com/o/r/issues/1")])),
            headers: [("Link", #"<https://api.github.com/repositories/1/issues?page=2>; rel="next""#),
                      ("Location", "https://api.github.com/x")],
            upstream: "https://api.github.com")
        let response = await Replayer.make([.make([recorded])], baseURL: base).respond(to: .get("/repos/o/r/issues?per_page=3"))
        #expect(response.headers["link"] == #"<http://127.0.0.1:9999/repositories/1/issues?page=2>; rel="next""#)
        #expect(response.headers["location"] == "http://127.0.0.1:9999/x")
        #expect(response.text == #"{"url":"http://127.0.0.1:9999/repos/o/r/issues/1","html_url":"https://github.com/o/r/issues/1"}"#)
    }

    @Test func noRewrite_keepsUpstreamURLs() async {
        let recorded = Interaction.make("GET", "/a", body: .text("see https://api.github.com/a"), upstream: "https://api.github.com")
        let replayer = Replayer.make([.make([recorded])], options: ReplayOptions(rewriteURLs: false), baseURL: base)
        #expect(await replayer.respond(to: .get("/a")).text == "see https://api.github.com/a")
    }

    /// Only whole origins are rewritten: a longer host name that starts the same way is left alone.
    @Test func rewriting_stopsAtHostBoundaries() {
        let rewriter = URLRewriter(mapping: [("https://api.github.com", base)])
        #expect(rewriter.rewrite("https://api.github.com.evil.example/x https://api.github.com:8443/ https://api.github.com") ==
            "https://api.github.com.evil.example/x https://api.github.com:8443/ \(base)")
        #expect(rewriter.rewrite(#"{"u":"https:\/\/api.github.com\/x"}"#) == #"{"u":"http:\/\/127.0.0.1:9999\/x"}"#)
    }

    /// Each upstream is rewritten to the mount it was recorded under.
    @Test func mountedUpstreams_rewriteToTheirMount() async {
        let qiita = Interaction.make("GET", "/api/v2/items", body: .text("https://qiita.com/api/v2/items?page=2 https://api.github.com/x"),
                                     upstream: "https://qiita.com", mount: "/qiita")
        let github = Interaction.make("GET", "/x", upstream: "https://api.github.com")
        let replayer = Replayer.make([.make([qiita, github])], baseURL: base)
        let response = await replayer.respond(to: .get("/qiita/api/v2/items"))
        #expect(response.status == 200)
        #expect(response.text == "\(base)/qiita/api/v2/items?page=2 \(base)/x")
    }

    @Test func binaryBodies_areNeverRewritten() async {
        let bytes = Array("https://api.github.com/".utf8) + [0xFF]
        let recorded = Interaction.make("GET", "/b", body: .binary(bytes), upstream: "https://api.github.com")
        #expect(await Replayer.make([.make([recorded])], baseURL: base).respond(to: .get("/b")).body == bytes)
    }
}
