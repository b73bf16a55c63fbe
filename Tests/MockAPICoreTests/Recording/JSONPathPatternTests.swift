import MockAPICore
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
