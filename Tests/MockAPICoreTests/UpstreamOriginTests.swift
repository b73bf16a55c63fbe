import MockAPICore
import Testing

/// An interaction's `upstream` is an http(s) origin; the common form is checked by a fast path that must agree with the
/// general rules.
struct UpstreamOriginTests {
    enum Outcome: Equatable {
        case kept(String?)
        case refused(String)
    }

    private func load(_ upstream: String) -> Outcome {
        var quoted = ""
        for scalar in upstream.unicodeScalars {
            switch scalar {
            case "\"": quoted += "\\\""
            case "\\": quoted += "\\\\"
            case "\r": quoted += "\\r"
            case "\n": quoted += "\\n"
            default: quoted.unicodeScalars.append(scalar)
            }
        }
        let text = #"{"mockapi": 1, "interactions": [{"request": {"method": "GET", "path": "/a"}, "response": {"status": 200}, "upstream": "\#(quoted)"}]}"#
        do {
            return .kept(try Cassette(bytes: Array(text.utf8), file: "x.json").interactions[0].upstream)
        } catch {
            return .refused("\(error)")
        }
    }

    @Test(arguments: [
        ("https://api.github.com", "https://api.github.com"),
        ("http://127.0.0.1:8080", "http://127.0.0.1:8080"),
        ("https://api.github.com/", "https://api.github.com"),
        ("https://api.github.com//", "https://api.github.com"),
        ("https://bücher.example", "https://bücher.example"),
        ("https://h", "https://h"),
    ])
    func validOrigins_areKept(upstream: String, expected: String) {
        #expect(load(upstream) == .kept(expected))
    }

    @Test(arguments: [
        "https://", "http://", "https:///", "ftp://example.com", "https:example.com", "https://a?b", "https://a#b",
        "https://a b", "https//a", ":https://a", "HTTPS://a", "",
    ])
    func invalidOrigins_areRefusedWithThePath(upstream: String) {
        guard case .refused(let message) = load(upstream) else {
            Issue.record("\(upstream) was accepted")
            return
        }
        #expect(message.hasPrefix("x.json: interactions[0].upstream: expected an http(s) URL such as https://api.github.com"))
    }
}
