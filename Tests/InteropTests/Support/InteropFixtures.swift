import Foundation
import MockAPICore
import MockAPIJSON
import MockAPITesting
import Testing

/// The hand-written input files under `Resources/`, each matching its tool's documented format.
enum Inputs {
    /// A HAR as Chrome devtools saves it: HTTP/2 pseudo-headers, a gzip body stored compressed as base64, a body
    /// stored decoded under `content-encoding: gzip`, a binary PNG as base64, two hosts, a blocked request (status 0),
    /// Firefox-style `set-cookie` lines joined by a newline, a token in a header and in the query.
    static var devtoolsHAR: String { path("devtools.har") }
    /// A vcrpy (Python) cassette: a gzip `!!binary` body with `content-encoding: gzip`, string bodies, an
    /// `Authorization: token …` header.
    static var vcrpy: String { path("vcrpy.yaml") }
    /// A VCR 6 (Ruby) cassette: `string`, `base64_string` and `!binary` bodies, two `set-cookie` values, a form body
    /// with a `client_secret`, `recorded_at` dates.
    static var rubyVCR: String { path("ruby-vcr.yml") }
    /// A nock recording, hand-written for these tests in the shape nock's recorder writes with `output_objects: true`
    /// and octokit/fixtures publishes (values invented): a `%20` query, a JSON request body, a 201 with `location`, a
    /// 204 with `""`, a hex binary answer (`responseIsBinary`), header numbers, `rawHeaders` with a repeated name, a
    /// definition without `status`, three scopes.
    static var nock: String { path("nock.json") }

    /// The token the HAR carries (in `authorization` and `?access_token=`).
    static let harToken = "gho_16C7e42F292c6912E7710c838347Ae178B4a"
    /// The decoded body of `GET /users/octocat` in the HAR and the vcrpy cassette.
    static let octocat = #"{"login":"octocat","id":1,"name":"The Octocat"}"#
    /// The bytes of the "PNG" (a PNG signature and a bit more, not UTF-8) in the HAR and the VCR cassette.
    static let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 0x0D, 0x49, 0x48, 0x44, 0x52, 0xFF, 0xFE]

    static func path(_ name: String) -> String {
        let dot = name.lastIndex(of: ".") ?? name.endIndex
        let url = Bundle.module.url(
            forResource: String(name[..<dot]), withExtension: String(name[dot...].dropFirst()), subdirectory: "Resources")
        return url?.path ?? "Resources/\(name) is missing from the test bundle"
    }

    static func bytes(_ name: String) throws -> [UInt8] { try FileIO.read(path(name)) }

    /// The repository's `Fixtures/` folder.
    static var fixtures: String {
        get throws { try Fixtures.folder() }
    }
}

extension Interaction {
    /// A small interaction for lint and scrub tests.
    static func make(_ target: String, status: Int = 200, requestHeaders: HTTPHeaders = [], requestBody: Body = .none,
                     headers: HTTPHeaders = [], body: Body = .none) -> Interaction {
        make("GET", target, status: status, requestHeaders: requestHeaders, requestBody: requestBody, headers: headers, body: body)
    }

    static func make(_ method: String, _ target: String, status: Int = 200, requestHeaders: HTTPHeaders = [],
                     requestBody: Body = .none, headers: HTTPHeaders = [], body: Body = .none,
                     upstream: String? = "https://api.example.com") -> Interaction {
        let question = target.firstIndex(of: "?")
        let path = question.map { String(target[..<$0]) } ?? target
        let query = question.map { String(target[target.index(after: $0)...]) }
        return Interaction(
            request: RecordedRequest(method: method, path: path, query: query, headers: requestHeaders, body: requestBody),
            response: RecordedResponse(status: status, headers: headers, body: body), upstream: upstream)
    }
}

extension Body {
    /// A JSON body from text (compact text stays byte for byte).
    static func json(_ text: String) -> Body { Body(bytes: Array(text.utf8)) }
}
