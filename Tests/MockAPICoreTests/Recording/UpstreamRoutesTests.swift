import MockAPICore
import Testing

struct UpstreamRoutesTests {
    /// `--upstream` takes a bare URL (mounted at /) or /prefix=URL; trailing slashes are dropped.
    @Test func parsing_readsBothForms() throws {
        #expect(try UpstreamRoute(parsing: "https://api.github.com/") == UpstreamRoute(mount: "/", upstream: "https://api.github.com"))
        #expect(try UpstreamRoute(parsing: "/qiita/=https://qiita.com") == UpstreamRoute(mount: "/qiita", upstream: "https://qiita.com"))
        #expect(try UpstreamRoute(parsing: "/=http://127.0.0.1:9000") == UpstreamRoute(mount: "/", upstream: "http://127.0.0.1:9000"))
        #expect(try UpstreamRoute(parsing: "https://ghe.example.com/api/v3").upstream == "https://ghe.example.com/api/v3")
    }

    /// Unusable arguments are refused with the reason; credentials in the URL are refused so they never reach a file.
    @Test func parsing_refusesWithAReason() {
        func reason(_ argument: String) -> String? {
            do {
                _ = try UpstreamRoute(parsing: argument)
                return nil
            } catch { return error.description }
        }
        #expect(reason("api.github.com") == "api.github.com: expected an http:// or https:// URL, as in https://api.github.com")
        #expect(reason("/qiita") == "/qiita: expected /prefix=URL, as in /qiita=https://qiita.com")
        #expect(reason("https://user:pw@example.com")?.contains("credentials") == true)
        #expect(reason("https://example.com/?a=1")?.contains("query") == true)
    }

    /// The longest mount wins, and only on whole path segments.
    @Test func route_prefersTheLongestWholeSegmentMount() throws {
        let routes = try UpstreamRoutes([
            UpstreamRoute(mount: "/", upstream: "https://api.github.com"),
            UpstreamRoute(mount: "/qiita", upstream: "https://qiita.com"),
            UpstreamRoute(mount: "/qiita/team", upstream: "https://team.qiita.com"),
        ])
        #expect(routes.route(for: "/qiita/api/v2/items")?.route.upstream == "https://qiita.com")
        #expect(routes.route(for: "/qiita/api/v2/items")?.upstreamPath == "/api/v2/items")
        #expect(routes.route(for: "/qiita/team/api")?.route.upstream == "https://team.qiita.com")
        #expect(routes.route(for: "/qiita")?.upstreamPath == "/")
        #expect(routes.route(for: "/qiitax/y")?.route.upstream == "https://api.github.com")
        #expect(routes.route(for: "/qiitax/y")?.upstreamPath == "/qiitax/y")
    }

    /// Without a / mount, a path outside every mount has no route; two upstreams on one mount are refused.
    @Test func route_isNilOutsideMounts() throws {
        let routes = try UpstreamRoutes([UpstreamRoute(mount: "/qiita", upstream: "https://qiita.com")])
        #expect(routes.route(for: "/user") == nil)
        #expect(throws: RouteError.self) {
            try UpstreamRoutes([UpstreamRoute(mount: "/a", upstream: "http://x.test"), UpstreamRoute(mount: "/a", upstream: "http://y.test")])
        }
    }
}
