import Foundation
import MockAPICLI
import MockAPICore
import MockAPIInterop
import MockAPIJSON
import Testing
import TestSupport

/// A value the API already masked (only `*`, `x` or `X`, or one of mockapi's placeholders) is not a credential:
/// import and scrub keep it, lint does not report it; a real value in the same places still goes.
struct MaskedValueTests {
    /// GitHub's answer to `GET /repos/o/r/hooks/1`: the webhook's secret comes back masked.
    static let hook = #"{"id":1,"config":{"content_type":"json","url":"https://example.com/hook","secret":"********"}}"#

    /// Masked values in the places credentials travel: a JSON field named by the rules, a credential header (also
    /// behind a scheme), a query parameter, a cookie.
    static func masked() -> Cassette {
        Cassette(interactions: [
            .make("/repos/o/r/hooks/1?access_token=XXXXXXXX", requestHeaders: [("Authorization", "token ********")],
                  headers: [("X-Api-Key", "xxxxxxxxxxxxxxxx"), ("Set-Cookie", "session=****; Path=/")], body: .json(hook)),
        ])
    }

    /// `mockapi import` keeps the masked values as the API sent them and says it redacted nothing.
    @Test func import_keepsMaskedValues() throws {
        let folder = TemporaryFolder()
        let recording = folder.path + "/hooks.json"
        let nock: JSONValue = .array([.object([
            JSONMember("scope", .string("https://api.github.com:443")), JSONMember("method", .string("get")),
            JSONMember("path", .string("/repos/o/r/hooks/1?access_token=XXXXXXXX")),
            JSONMember("status", .integer(200)), JSONMember("response", try JSONValue.parse(Self.hook)),
            JSONMember("reqheaders", .object([JSONMember("authorization", .string("token ********"))])),
            JSONMember("headers", .object([JSONMember("x-api-key", .string("xxxxxxxxxxxxxxxx"))])),
        ])])
        try nock.prettyBytes().write(to: recording)
        let cassette = folder.path + "/cassette.json"
        let output = try Command.import([recording, "--to", cassette])
        #expect(output.status == 0)
        #expect(output.standard.hasSuffix("mockapi: redacted nothing (no value matched the scrubbing rules)\n"), "\(output.standard)")
        let interaction = try #require(try Cassette(bytes: try FileIO.read(cassette), file: cassette).interactions.first)
        #expect(interaction.response.body.bytes == Array(Self.hook.utf8))
        #expect(interaction.request.query == "access_token=XXXXXXXX")
        #expect(interaction.request.headers["authorization"] == "token ********")
        #expect(interaction.response.headers["x-api-key"] == "xxxxxxxxxxxxxxxx")
    }

    /// `mockapi scrub` changes nothing and `mockapi lint` finds nothing in a cassette of masked values.
    @Test func scrubAndLint_leaveMaskedValuesAlone() throws {
        let folder = TemporaryFolder()
        let file = folder.path + "/hooks.json"
        try Self.masked().save(to: file)
        let before = try FileIO.read(file)

        let scrub = try Command.scrub([file])
        #expect(scrub.standard == "mockapi scrub: 1 cassette, nothing to change\n")
        #expect(try FileIO.read(file) == before)
        let lint = try Command.lint([file])
        #expect(lint.status == 0)
        #expect(lint.standard == "mockapi lint: 1 cassette, no findings\n")
    }
}
