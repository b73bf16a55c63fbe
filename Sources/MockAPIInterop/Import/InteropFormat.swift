import MockAPICore
import MockAPIJSON
import Yams

/// The foreign formats `mockapi import` reads.
package enum InteropFormat: String, Sendable, CaseIterable {
    /// HTTP Archive 1.2 (JSON): browser devtools, proxies, `mockapi export`.
    case har
    /// Cassettes of VCR (Ruby) and vcrpy (Python), in YAML or in JSON.
    case vcr
    /// nock recordings (JSON arrays of definitions): nock's recorder, nock-back, octokit/fixtures.
    case nock
    /// JSON cassettes of Betamax (Python, `recorded_with: "betamax/…"`).
    case betamax
    /// go-vcr cassettes (Go, YAML with `interactions[].request.url` and `response.code`).
    case govcr
    /// WireMock stub mappings (`mappings/*.json`, bodies in `__files/`).
    case wiremock
}

/// A parsed input file, its format decided.
enum ParsedInput {
    case har(JSONValue)
    case vcr(Node)
    case nock(JSONValue)
    case betamax(JSONValue)
    case goVCR(Node)
    case wireMock(JSONValue)

    /// Parses a file, in the given format or the one its content shows: JSON with a `log` member is HAR; YAML (or
    /// JSON) with `http_interactions` or `interactions` is a VCR cassette, unless Betamax wrote it (``isBetamax(_:)``),
    /// or a go-vcr one when its requests have a `url` (vcrpy's have a `uri`); a JSON array of objects with a `scope` (or
    /// an empty one, as nock's recorder writes when nothing was recorded) is a nock recording; JSON with `request` and
    /// `response` objects (or a `mappings` list) is a WireMock stub mapping. A file that starts with `{` is read as
    /// JSON, never YAML: YAML readers refuse the surrogate-pair escapes JSON writers use for characters outside the BMP.
    static func parse(_ bytes: [UInt8], file: String, format: InteropFormat?) throws(InteropError) -> ParsedInput {
        var content = bytes[...]
        // HAR files may start with a byte order mark, which readers must ignore.
        if content.starts(with: [0xEF, 0xBB, 0xBF]) { content = content.dropFirst(3) }
        let first = content.first { $0 != 0x20 && $0 != 0x0A && $0 != 0x0D && $0 != 0x09 }
        switch format {
        case .har?:
            return .har(try json(Array(content), file: file))
        case .vcr?:
            // A YAML flow mapping also starts with `{`: what is not JSON is read as YAML.
            if first == UInt8(ascii: "{"), let document = try? JSONValue.parse(Array(content)) { return .vcr(JSONNode.node(document)) }
            return .vcr(try yaml(Array(content), file: file))
        case .nock?:
            return .nock(try json(Array(content), file: file))
        case .betamax?:
            return .betamax(try json(Array(content), file: file))
        case .govcr?:
            return .goVCR(try yaml(Array(content), file: file))
        case .wiremock?:
            return .wireMock(try json(Array(content), file: file))
        case nil:
            if first == UInt8(ascii: "[") { return try detectNock(Array(content), file: file) }
            guard first == UInt8(ascii: "{") else { return try detectYAML(Array(content), file: file) }
            let document = try json(Array(content), file: file)
            if document["log"] != nil { return .har(document) }
            if document["mockapi"] != nil {
                throw .unknownFormat(file: file, reason: "already a mockapi cassette: serve it as it is, or copy its interactions")
            }
            if isBetamax(document) { return .betamax(document) }
            if document["http_interactions"] != nil || document["interactions"] != nil {
                let node = JSONNode.node(document)
                return GoVCRImporter.recognises(node) ? .goVCR(node) : .vcr(node)
            }
            if WireMockImporter.recognises(document) { return .wireMock(document) }
            throw unknown(file)
        }
    }

    /// Betamax's cassettes are VCR's shape in JSON; Betamax names itself in `recorded_with` (`betamax/0.8.1`), and
    /// its answers keep the `url` they came from, or (before Betamax 0.2) a `status_code`, which VCR's never do.
    static func isBetamax(_ document: JSONValue) -> Bool {
        guard let interactions = document["http_interactions"] else { return false }
        if document["recorded_with"]?.stringValue?.lowercased().hasPrefix("betamax") == true { return true }
        return interactions.arrayValue?.contains { $0["response"]?["status_code"] != nil || $0["response"]?["url"] != nil } == true
    }

    private static func detectNock(_ bytes: [UInt8], file: String) throws(InteropError) -> ParsedInput {
        let document = try json(bytes, file: file)
        guard let definitions = document.arrayValue else { throw unknown(file) }
        guard let first = definitions.first else { return .nock(document) }
        // A list of strings is what nock's recorder prints without output_objects: the importer says so.
        guard first["scope"] != nil || first.stringValue?.contains("nock(") == true else { throw unknown(file) }
        return .nock(document)
    }

    private static func detectYAML(_ bytes: [UInt8], file: String) throws(InteropError) -> ParsedInput {
        let node = try yaml(bytes, file: file)
        guard case .mapping(let mapping) = node,
            mapping.keys.contains(where: { $0.string == "http_interactions" || $0.string == "interactions" })
        else {
            if case .sequence = node { return .vcr(node) }  // VCR 1.x: the importer says why it is refused
            throw unknown(file)
        }
        return GoVCRImporter.recognises(node) ? .goVCR(node) : .vcr(node)
    }

    private static func unknown(_ file: String) -> InteropError {
        .unknownFormat(
            file: file,
            reason: "neither a HAR file (JSON with a \"log\" member), a VCR, vcrpy or go-vcr cassette (YAML with "
                + "http_interactions or interactions), a Betamax cassette, a nock recording (a JSON array of definitions "
                + "with scope) nor a WireMock stub mapping (JSON with request and response); name the format with "
                + "--format har, vcr, betamax, nock, govcr or wiremock")
    }

    static func json(_ bytes: [UInt8], file: String) throws(InteropError) -> JSONValue {
        do { return try JSONValue.parse(bytes) } catch { throw .notJSON(file: file, error: error) }
    }

    static func yaml(_ bytes: [UInt8], file: String) throws(InteropError) -> Node {
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw .unknownFormat(file: file, reason: "not UTF-8 text, so neither HAR nor a YAML cassette")
        }
        let node: Node?
        do { node = try Yams.compose(yaml: text) } catch {
            let (line, column, reason) = describe(error)
            throw .notYAML(file: file, line: line, column: column, reason: reason)
        }
        guard let node else { throw .unknownFormat(file: file, reason: "empty: no YAML document in the file") }
        return node
    }

    /// Line, column and reason of a Yams error.
    private static func describe(_ error: any Error) -> (Int, Int, String) {
        guard let error = error as? YamlError else { return (1, 1, "\(error)") }
        switch error {
        case .scanner(let context, let problem, let mark, _), .parser(let context, let problem, let mark, _),
            .composer(let context, let problem, let mark, _):
            return (mark.line, mark.column, problem + (context.map { " (\($0.text))" } ?? ""))
        case .duplicatedKeysInMapping(let duplicates, let context):
            return (context.mark.line, context.mark.column, "duplicate keys: \(duplicates.joined(separator: ", "))")
        case .reader(let problem, _, _, _):
            return (1, 1, problem)
        default:
            return (1, 1, "\(error)")
        }
    }
}
