import FuzzSupport
@testable import MockAPICore

/// Input: a request as the engine hands it over. Line 1 is the method, line 2 the raw request target (percent-encoded
/// as sent, possibly absolute-form), then `name: value` header lines up to an empty line, then the body.
///
/// It goes through what the server does with it: `RequestKey`, the replay lookup, and for a miss the near-miss
/// report and its JSON answer. Properties, beyond "no crash, no memory error":
/// - the key does not depend on the order of the query parameters;
/// - an unmatched answer is well-formed JSON, marked as unmatched.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMatching(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    var input = FuzzInput(data, count)
    let method = input.text()
    let target = input.text()
    var headers = HTTPHeaders()
    while !input.rest.isEmpty {
        let line = input.text()
        if line.isEmpty { break }
        let parts = line.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
        headers.append(String(parts[0]), parts.count > 1 ? String(parts[1].drop { $0 == " " }) : "")
    }
    let request = HTTPRequest(method: method, target: target, headers: headers, body: input.remainder())

    let normalizer = MatchingFixture.replayer.index.normalizer
    let key = normalizer.key(for: request)
    if let query = request.query {
        let reversed = query.split(separator: "&", omittingEmptySubsequences: false).reversed().joined(separator: "&")
        guard normalizer.parameters(reversed) == key.query else {
            fuzzFailure("the query key depends on parameter order: \(query)")
        }
    }
    switch MatchingFixture.replayer.reply(to: request) {
    case .prepared:
        break
    case .response(let response):
        guard response.headers[Replayer.unmatchedHeader] == "1" else { fuzzFailure("a made-up answer is not marked unmatched") }
        guard normalizer.json(response.body) != nil else { fuzzFailure("the unmatched answer is not JSON") }
    case .deferred, .live:
        fuzzFailure("a replayer without a fallback deferred an answer")
    case .reset, .hang, .truncated:
        fuzzFailure("a replayer without faults configured answered with a fault")
    case .webSocket:
        fuzzFailure("a cassette without WebSocket conversations answered with an upgrade")
    }
    return 0
}

/// A replayer over a small cassette that uses every matching feature: a mount, placeholders in a query, a header and
/// a JSON body, form and JSON bodies, repeated requests, and a header that takes part in matching.
enum MatchingFixture {
    static let replayer: Replayer = {
        let text = #"""
            {"mockapi": 1, "interactions": [
              {"request": {"method": "GET", "path": "/repos/o/r/issues", "query": "state=open&per_page=3&access_token=<redacted>",
                           "headers": [["authorization", "token <redacted>"]], "body": null},
               "response": {"status": 200, "headers": [["link", "<https://api.github.com/x?page=2>; rel=\"next\""]],
                            "body": {"json": [{"url": "https://api.github.com/repos/o/r/issues/1"}]}},
               "upstream": "https://api.github.com"},
              {"request": {"method": "POST", "path": "/repos/o/r/labels", "headers": [["content-type", "application/json"]],
                           "body": {"json": {"name": "bug", "color": "f00", "token": "<GITHUB_TOKEN>", "tags": [1, 2.50, "x"]}}},
               "response": {"status": 201, "headers": [], "body": {"text": "created"}}},
              {"request": {"method": "POST", "path": "/login/oauth", "headers": [["content-type", "application/x-www-form-urlencoded"]],
                           "body": {"text": "client_id=a+b&client_secret=<redacted>&code=%2F1"}},
               "response": {"status": 200, "headers": [], "body": {"base64": "AAEC/w=="}}},
              {"request": {"method": "GET", "path": "/user/following/octocat"}, "response": {"status": 204}},
              {"request": {"method": "GET", "path": "/user/following/octocat"}, "response": {"status": 404}},
              {"request": {"method": "GET", "path": "/items/%7Euser/%2Fx", "query": "q=a%20b+c&q=d"},
               "response": {"status": 200, "body": {"text": "ok"}}, "mount": "/qiita", "upstream": "https://qiita.com"}
            ]}
            """#
        let cassette: Cassette
        do { cassette = try Cassette(bytes: Array(text.utf8), file: "fixture.json") } catch {
            fuzzFailure("the built-in fixture does not load: \(error)")
        }
        return Replayer(
            cassettes: [LoadedCassette(name: "fixture", file: "fixture.json", cassette: cassette)],
            options: ReplayOptions(matchHeaders: ["authorization"]), baseURL: "http://127.0.0.1:8080")
    }()
}

@_cdecl("FuzzMatching_main")
public func main(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv, fuzzMatching)
}
