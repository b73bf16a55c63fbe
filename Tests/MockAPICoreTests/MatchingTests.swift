import MockAPICore
import MockAPIJSON
import Testing

struct MatchingTests {
    private let normalizer = RequestNormalizer()

    private func key(_ request: HTTPRequest, _ normalizer: RequestNormalizer? = nil) -> RequestKey {
        (normalizer ?? self.normalizer).key(for: request)
    }

    @Test func query_orderDoesNotMatter_butRepetitionDoes() {
        #expect(key(.get("/i?state=open&per_page=3")) == key(.get("/i?per_page=3&state=open")))
        #expect(key(.get("/i?a=1&a=2")) == key(.get("/i?a=2&a=1")))
        #expect(key(.get("/i?a=1&a=1")) != key(.get("/i?a=1")))
        #expect(key(.get("/i?a=1")) != key(.get("/i?a=2")))
    }

    /// `+` and `%20` both mean a space in a query, and escapes are decoded before comparing.
    @Test func query_plusAndPercent20AreAlike() {
        #expect(key(.get("/search/issues?q=sesame%20repo%3Ao%2Fr")) == key(.get("/search/issues?q=sesame+repo:o/r")))
    }

    @Test func path_escapesOfUnreservedCharactersAreNormalised_reservedOnesAreNot() {
        #expect(key(.get("/users/%7Eme")) == key(.get("/users/~me")))
        #expect(key(.get("/a%2fb")) == key(.get("/a%2Fb")))
        #expect(key(.get("/a%2Fb")) != key(.get("/a/b")))
    }

    @Test func jsonBody_isComparedByMeaning() {
        let a = key(.post("/issues", json: #"{"title":"x","labels":["bug"],"n":1.0}"#))
        let b = key(.post("/issues", json: #"{ "n": 1, "labels": ["bug"], "title": "x" }"#))
        #expect(a == b)
        #expect(a != key(.post("/issues", json: #"{"title":"y","labels":["bug"],"n":1}"#)))
    }

    @Test func formBody_isAMultiset() {
        let form: HTTPHeaders = [("content-type", "application/x-www-form-urlencoded")]
        let a = HTTPRequest(method: "POST", target: "/t", headers: form, body: Array("b=2&a=1+x".utf8))
        let b = HTTPRequest(method: "POST", target: "/t", headers: form, body: Array("a=1%20x&b=2".utf8))
        #expect(key(a) == key(b))
    }

    @Test func otherBodies_areComparedByBytes() {
        let a = HTTPRequest(method: "POST", target: "/t", body: Array("hello world".utf8))
        let b = HTTPRequest(method: "POST", target: "/t", body: Array("hello  world".utf8))
        #expect(key(a) != key(b))
        #expect(key(a) == key(HTTPRequest(method: "POST", target: "/t", body: Array("hello world".utf8))))
    }

    @Test func headers_areIgnoredUnlessChosen() {
        let json: HTTPHeaders = [("Accept", "application/json")]
        let raw: HTTPHeaders = [("Accept", "application/vnd.github.raw")]
        #expect(key(.get("/r", headers: json)) == key(.get("/r", headers: raw)))
        let choosy = RequestNormalizer(matchHeaders: ["accept"])
        #expect(key(.get("/r", headers: json), choosy) != key(.get("/r", headers: raw), choosy))
        #expect(key(.get("/r", headers: json), choosy) == key(.get("/r", headers: [("accept", "application/json")]), choosy))
    }

    /// A recorded placeholder (a scrubbed secret) matches whatever value the client sends there.
    @Test func redactedValues_matchAnyValue() throws {
        var normalizer = RequestNormalizer(matchHeaders: ["authorization"])
        let recorded = RecordedRequest(
            method: "POST", path: "/login", query: "access_token=<redacted>&page=2",
            headers: [("authorization", "token <GITHUB_TOKEN>")],
            body: .json(try JSONValue.parse(#"{"user":"me","password":"<redacted>"}"#)))
        normalizer.learnPlaceholders(from: recorded)
        let incoming = HTTPRequest(
            method: "POST", target: "/login?page=2&access_token=s3cr3t", headers: [("Authorization", "token ghp_123")],
            body: Array(#"{"password":"hunter2","user":"me"}"#.utf8))
        #expect(normalizer.key(for: incoming) == normalizer.key(for: recorded, path: "/login"))
        let otherUser = HTTPRequest(
            method: "POST", target: "/login?page=2&access_token=s3cr3t", headers: [("Authorization", "token ghp_123")],
            body: Array(#"{"password":"hunter2","user":"you"}"#.utf8))
        #expect(normalizer.key(for: otherUser) != normalizer.key(for: recorded, path: "/login"))
    }

    /// JSON kept as text (Python's `json.dumps` spacing) matches by meaning, and a placeholder in it matches any value
    /// there, as in a `{"json": …}` body; the other fields still count.
    @Test func redactedFieldInJSONStoredAsText_matchesAnyValue() {
        var normalizer = RequestNormalizer()
        let recorded = RecordedRequest(
            method: "POST", path: "/login/oauth/access_token", headers: [("content-type", "application/json")],
            body: .text(#"{"code": "c1", "client_secret": "<redacted>"}"#))
        normalizer.learnPlaceholders(from: recorded)
        #expect(normalizer.wildcardJSONPaths == ["$.client_secret"])
        #expect(RequestNormalizer.mayHoldPlaceholder(recorded))
        func incoming(_ body: String) -> HTTPRequest {
            HTTPRequest(method: "POST", target: "/login/oauth/access_token", headers: [("Content-Type", "application/json")],
                        body: Array(body.utf8))
        }
        let recordedKey = normalizer.key(for: recorded, path: "/login/oauth/access_token")
        #expect(normalizer.key(for: incoming(#"{"code":"c1","client_secret":"anything"}"#)) == recordedKey)
        #expect(normalizer.key(for: incoming(#"{"code": "c2", "client_secret": "anything"}"#)) != recordedKey)
    }

    /// At start-up a recorded request is looked at in full only when a first look at a few of its bytes says it may
    /// hold a placeholder: every place one is learned from (a query, percent-encoded too; a form body; a JSON body)
    /// passes that look, and a request with none does not.
    @Test func requestsHoldingPlaceholders_passTheFirstLook() throws {
        let holding = [
            RecordedRequest(method: "GET", path: "/a", query: "access_token=<redacted>"),
            RecordedRequest(method: "GET", path: "/a", query: "page=2&access_token=%3Credacted%3E"),
            RecordedRequest(
                method: "POST", path: "/a", headers: [("content-type", "application/x-www-form-urlencoded")],
                body: .text("user=me&token=%3CAPI_KEY%3E")),
            RecordedRequest(method: "POST", path: "/a", body: .json(try JSONValue.parse(#"{"password":"<redacted>"}"#))),
        ]
        for request in holding {
            var normalizer = RequestNormalizer()
            normalizer.learnPlaceholders(from: request)
            #expect(!normalizer.wildcardParameters.isEmpty || !normalizer.wildcardJSONPaths.isEmpty, "\(request)")
            #expect(RequestNormalizer.mayHoldPlaceholder(request), "\(request)")
        }
        let plain = RecordedRequest(
            method: "POST", path: "/a", query: "page=2&per_page=30", body: .json(try JSONValue.parse(#"{"user":"me"}"#)))
        #expect(!RequestNormalizer.mayHoldPlaceholder(plain))
    }
}

struct RequestTargetTests {
    @Test(arguments: [
        ("/a/b?x=1&y=2", "/a/b", "x=1&y=2"),
        ("/a?", "/a", ""),
        ("/a", "/a", nil),
        ("/a?x=1#frag", "/a", "x=1"),
        ("/a#frag?not=query", "/a", nil),
        ("/a?x?y=1#f?g", "/a", "x?y=1"),
        ("?x=1", "/", "x=1"),
        ("#frag", "/", nil),
        ("http://api.example.com/a?b=1", "/a", "b=1"),
        ("https://api.example.com", "/", nil),
        ("/日本?q=語", "/日本", "q=語"),
        ("", "/", nil),
        ("hello?x=1", "hello", "x=1"),
        ("http://api.example.com?b=1/c?d=2", "/c", "d=2"),
    ])
    func split(target: String, path: String, query: String?) {
        let parts = HTTPRequest.split(target: target)
        #expect(parts.path == path)
        #expect(parts.query == query)
    }

    /// The engine splits libmicrohttpd's bytes before any String is made: bytes that are not UTF-8 read as U+FFFD,
    /// as they did when the whole target was made a String first.
    @Test func split_rawBytes_replacesWhatIsNotUTF8() {
        let bytes: [UInt8] = [0x2F, 0x61, 0xFF, 0x3F, 0x71, 0xC3, 0x23, 0x66]
        let parts = bytes.withUnsafeBytes { HTTPRequest.split(targetBytes: $0) }
        #expect(parts.path == "/a\u{FFFD}")
        #expect(parts.query == "q\u{FFFD}")
        let whole = String(decoding: bytes, as: UTF8.self)
        #expect(HTTPRequest.split(target: whole) == parts)
    }

    @Test func queryParameters_keepEmptyNamesAndValues_skipEmptyPairs() {
        #expect(QueryParameter.parse("a=1&&b&c=&=d&e=f=g") == [
            QueryParameter("a", "1"), QueryParameter("b", ""), QueryParameter("c", ""), QueryParameter("", "d"),
            QueryParameter("e", "f=g"),
        ])
    }
}
