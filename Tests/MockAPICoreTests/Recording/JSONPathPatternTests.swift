@testable import MockAPICore
import Testing

struct JSONPathPatternTests {
    private func matches(_ pattern: String, _ path: [JSONPathPattern.Location]) throws -> Bool {
        try JSONPathPattern(parsing: pattern).matches(path)
    }

    /// Members, indexes and wildcards name the locations users write in `--redact-json-field`.
    @Test func steps_matchTheirLocations() throws {
        #expect(try matches("$.token", [.member("token")]))
        #expect(try !matches("$.token", [.member("user"), .member("token")]))
        #expect(try matches("$.user.password", [.member("user"), .member("password")]))
        #expect(try matches("$.items[*].secret", [.member("items"), .index(4), .member("secret")]))
        #expect(try matches("$.items[0].secret", [.member("items"), .index(0), .member("secret")]))
        #expect(try !matches("$.items[0].secret", [.member("items"), .index(1), .member("secret")]))
        #expect(try matches("$.credentials.*", [.member("credentials"), .member("anything")]))
        #expect(try matches("$['odd.name']", [.member("odd.name")]))
    }

    /// `$..name` finds the member at any depth, the top level included.
    @Test func descendant_matchesAtAnyDepth() throws {
        #expect(try matches("$..password", [.member("password")]))
        #expect(try matches("$..password", [.member("a"), .index(2), .member("b"), .member("password")]))
        #expect(try !matches("$..password", [.member("password"), .member("hint")]))
        #expect(try matches("$..auth.token", [.member("x"), .member("auth"), .member("token")]))
    }

    /// Redaction asks a list of patterns for the first, in rule order, that names a value; the list tries only the
    /// patterns that can match the path's last member, and must answer as trying them all in order would.
    @Test func list_answersAsTryingEveryPatternInOrder() throws {
        let long = String(repeating: "a", count: 70)
        let patterns = try ["$.user.*", "$..password", "$.items[*]", "$..token", "$.user.token", "$..\(long)", "$.items[1]"]
            .map { try JSONPathPattern(parsing: $0) }
        let list = JSONPathPatternList(patterns)
        let names = ["user", "password", "token", "items", "tokens", "x", long, String(repeating: "b", count: 70), ""]
        var paths: [[JSONPathPattern.Location]] = [[]]
        for _ in 0..<3 {
            paths += paths.flatMap { path in names.map { path + [.member($0)] } + [path + [.index(1)], path + [.index(2)]] }
        }
        for path in paths {
            #expect(list.first(matching: path) == patterns.first { $0.matches(path) }, "\(path)")
        }
        // The first in rule order, when a pattern for any member comes before one for the member's name.
        #expect(list.first(matching: [.member("user"), .member("password")])?.description == "$.user.*")
        #expect(list.first(matching: [.member("user"), .member("token")])?.description == "$.user.*")
        #expect(list.first(matching: [.member("x"), .member("token")])?.description == "$..token")
        #expect(list.first(matching: [.member("x"), .member(long)])?.description == "$..\(long)")
        #expect(list.first(matching: [.member("x"), .member("tokens")]) == nil)
        #expect(JSONPathPatternList([]).first(matching: [.member("token")]) == nil)
    }

    /// Mistakes are reported with the path and what to write instead.
    @Test func invalidPatterns_sayWhatIsWrong() {
        #expect(throws: JSONPathPattern.ParseError.self) { try JSONPathPattern(parsing: "token") }
        #expect(throws: JSONPathPattern.ParseError.self) { try JSONPathPattern(parsing: "$") }
        #expect(throws: JSONPathPattern.ParseError.self) { try JSONPathPattern(parsing: "$.items[x]") }
        do {
            _ = try JSONPathPattern(parsing: "password")
            Issue.record("expected an error")
        } catch {
            #expect(error.description == "password: a JSON path starts with $, as in $.token or $..password")
        }
    }
}
