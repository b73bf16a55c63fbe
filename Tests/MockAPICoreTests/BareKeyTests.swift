@testable import MockAPICore
import Testing

/// The key of most requests holds only a method and a path, and is looked up without being made
/// (`RequestNormalizer.withBareKey`, `KeyTable.queue(bareMethod:path:)`). A request that misses that way is keyed in full
/// and looked up again, so a bare lookup that went wrong would only be slower, never answer differently: these tests
/// look at the bare lookup itself.
struct BareKeyTests {
    static let paths = ["/", "/zen", "/repos/octokit-fixture-org/hello-world", "/caf\u{E9}", "/a/b/c/d/e/f/g/h/i/j/k/l/m/n/o/p"]

    /// Its hash is the full key's, for ASCII paths of every length around the eight-byte words and for a non-ASCII
    /// one (hashed through `Hasher`).
    @Test(arguments: paths)
    func bareHash_isTheHashOfTheKeyItStandsFor(path: String) {
        for method in ["GET", "DELETE", "PROPPATCH"] {
            let key = RequestKey(method: method, path: path, query: [], body: .none)
            #expect(KeyHash.ofBare(method: method, path: path) == KeyHash.of(key))
        }
    }

    /// It finds the queue the full key finds, and nothing for a key that holds more than a method and a path.
    @Test func bareLookup_findsWhatTheFullKeyFinds() {
        var keys = Self.paths.map { RequestKey(method: "GET", path: $0, query: [], body: .none) }
        keys.append(RequestKey(method: "GET", path: "/search", query: [QueryParameter("q", "x")], body: .none))
        keys.append(RequestKey(method: "POST", path: "/items", query: [], body: .bytes([1])))
        let table = KeyTable.grouping(keys, hashes: keys.map(KeyHash.of)).table
        for (queue, key) in keys.enumerated() {
            #expect(table.queue(for: key) == queue)
        }
        for (queue, path) in Self.paths.enumerated() {
            #expect(table.queue(bareMethod: "GET", path: path) == queue)
        }
        // Canonically equivalent to a recorded path (é as e and a combining accent): equal, as `==` says.
        #expect(table.queue(bareMethod: "GET", path: "/cafe\u{301}") == 3)
        #expect(table.queue(bareMethod: "GET", path: "/search") == nil)
        #expect(table.queue(bareMethod: "POST", path: "/items") == nil)
        #expect(table.queue(bareMethod: "HEAD", path: "/zen") == nil)
    }

    /// Only a request without a query or a body has one, in normal form: the method upper-case, the path with
    /// unreserved characters decoded.
    @Test func bareKey_isTheNormalisedMethodAndPath_ofARequestWithNothingElse() {
        func bare(_ method: String, _ path: String) -> (method: String, path: String)? {
            RequestNormalizer.withBareKey(for: HTTPRequest(method: method, path: path)) { (method: $0, path: $1) }
        }
        #expect(bare("get", "/a%2Db")?.method == "GET")
        #expect(bare("get", "/a%2Db")?.path == "/a-b")
        // A GET is lent as sent only when its path has no escape.
        #expect(bare("GET", "/a%2Db")?.path == "/a-b")
        #expect(bare("GET", "/a-b")?.path == "/a-b")
        #expect(bare("GET", "/a-b")?.method == "GET")
        #expect(RequestNormalizer.withBareKey(for: HTTPRequest(method: "GET", path: "/a", query: "")) { ($0, $1) } == nil)
        #expect(RequestNormalizer.withBareKey(for: HTTPRequest(method: "POST", path: "/a", body: [1])) { ($0, $1) } == nil)
    }
}
