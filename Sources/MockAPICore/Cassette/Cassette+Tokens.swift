import CSimdJSON
import MockAPIJSON

/// The cassette schema a second time, over simdjson's tokens (``CassetteTokens``), for loading large sets fast. It
/// only ever accepts: anything it does not take as valid (an unknown or repeated field, a wrong type, a value out of
/// range, a `lint` member) gives nil, and the tree reader (Cassette+Decode.swift) reads the file and says what is
/// wrong. The rules themselves are ``Validate``'s. CassetteReadBothWaysTests checks that both give the same cassette.
extension Cassette {
    /// The cassette simdjson reads from `bytes`, or nil when it leaves them to the tree reader.
    package init?(simdjsonBytes bytes: [UInt8]) {
        guard let cassette = CassetteTokens.read(bytes, { Cassette(tokens: &$0) }) else { return nil }
        self = cassette
    }

    /// The cassette simdjson reads from a file, read into its buffer (``CassetteTokens/read(file:_:)``).
    static func simdjson(file: String) -> CassetteTokens.FileRead<Cassette> {
        CassetteTokens.read(file: file) { Cassette(tokens: &$0) }
    }

    private init?(tokens: inout CassetteTokens) {
        guard tokens.take(mockapi_token_object_start) else { return nil }
        var seen = SeenFields()
        var version: Int?
        var source: String?
        var interactions: [Interaction]?
        while let name = tokens.name() {
            switch name {
            case "mockapi":
                guard seen.first(0), let literal = tokens.number(), let number = Int(literal) else { return nil }
                version = number
            case "source":
                guard seen.first(1) else { return nil }
                if !tokens.takeNull() {
                    guard let text = tokens.string() else { return nil }
                    source = text
                }
            case "interactions":
                guard seen.first(2), let list = [Interaction](tokens: &tokens) else { return nil }
                interactions = list
            default:
                // "lint" included: rare, and read by LintAllowance.list on the tree.
                return nil
            }
        }
        guard let version, Cassette.supportedVersions.contains(version), let interactions else { return nil }
        self.init(source: source, lintAllowances: [], interactions: interactions)
    }
}

extension [Interaction] {
    fileprivate init?(tokens: inout CassetteTokens) {
        let count = tokens.elementCount()
        guard tokens.take(mockapi_token_array_start) else { return nil }
        self = []
        reserveCapacity(count)
        while !tokens.take(mockapi_token_array_end) {
            guard let interaction = Interaction(tokens: &tokens) else { return nil }
            append(interaction)
        }
    }
}

extension Interaction {
    fileprivate init?(tokens: inout CassetteTokens) {
        guard tokens.take(mockapi_token_object_start) else { return nil }
        var seen = SeenFields()
        var request: RecordedRequest?
        var response: RecordedResponse?
        var upstream: String?
        var mount: String?
        var recordedAt: String?
        var durationMs: Double?
        while let name = tokens.name() {
            switch name {
            case "request":
                guard seen.first(0), let value = RecordedRequest(tokens: &tokens) else { return nil }
                request = value
            case "response":
                guard seen.first(1), let value = RecordedResponse(tokens: &tokens) else { return nil }
                response = value
            case "upstream":
                guard seen.first(2) else { return nil }
                if !tokens.takeNull() {
                    guard let origin = tokens.upstream() else { return nil }
                    upstream = origin
                }
            case "mount":
                guard seen.first(3) else { return nil }
                if !tokens.takeNull() {
                    guard let text = tokens.string(), Validate.isMount(text) else { return nil }
                    mount = text
                }
            case "recordedAt":
                guard seen.first(4) else { return nil }
                if !tokens.takeNull() {
                    guard let text = tokens.string() else { return nil }
                    recordedAt = text
                }
            case "durationMs":
                guard seen.first(5) else { return nil }
                if !tokens.takeNull() {
                    guard let literal = tokens.number(), let number = Double(literal), number >= 0, number.isFinite
                    else { return nil }
                    durationMs = number
                }
            default:
                return nil
            }
        }
        guard let request, let response else { return nil }
        self.init(
            request: request, response: response, upstream: upstream, mount: mount, recordedAt: recordedAt,
            durationMs: durationMs)
    }
}

extension RecordedRequest {
    fileprivate init?(tokens: inout CassetteTokens) {
        guard tokens.take(mockapi_token_object_start) else { return nil }
        var seen = SeenFields()
        var method: String?
        var path: String?
        var query: String?
        var headers = HTTPHeaders()
        var body = Body.none
        while let name = tokens.name() {
            switch name {
            case "method":
                guard seen.first(0), let text = tokens.string(), let upper = Validate.uppercasedMethod(text) else {
                    return nil
                }
                method = upper
            case "path":
                guard seen.first(1), let text = tokens.string(), Validate.pathProblem(text) == nil else { return nil }
                path = text
            case "query":
                guard seen.first(2) else { return nil }
                if !tokens.takeNull() {
                    guard let text = tokens.string(), Validate.isQuery(text) else { return nil }
                    query = text
                }
            case "headers":
                guard seen.first(3), let value = HTTPHeaders(orNull: &tokens) else { return nil }
                headers = value
            case "body":
                guard seen.first(4), let value = Body(orNull: &tokens) else { return nil }
                body = value
            default:
                return nil
            }
        }
        guard let method, let path else { return nil }
        self.init(method: method, path: path, query: query, headers: headers, body: body)
    }
}

extension RecordedResponse {
    fileprivate init?(tokens: inout CassetteTokens) {
        guard tokens.take(mockapi_token_object_start) else { return nil }
        var seen = SeenFields()
        var status: Int?
        var headers = HTTPHeaders()
        var body = Body.none
        while let name = tokens.name() {
            switch name {
            case "status":
                guard seen.first(0), let literal = tokens.number(), let code = Int(literal), (100...599).contains(code)
                else { return nil }
                status = code
            case "headers":
                guard seen.first(1), let value = HTTPHeaders(orNull: &tokens) else { return nil }
                headers = value
            case "body":
                guard seen.first(2), let value = Body(orNull: &tokens) else { return nil }
                body = value
            default:
                return nil
            }
        }
        guard let status else { return nil }
        self.init(status: status, headers: headers, body: body)
    }
}

extension HTTPHeaders {
    /// `[[name, value], …]`; null reads as no headers.
    fileprivate init?(orNull tokens: inout CassetteTokens) {
        self.init()
        if tokens.takeNull() { return }
        let count = tokens.elementCount()
        guard tokens.take(mockapi_token_array_start) else { return nil }
        fields.reserveCapacity(count)
        while !tokens.take(mockapi_token_array_end) {
            guard let field = tokens.headerField() else { return nil }
            fields.append(field)
        }
    }
}

extension Body {
    /// `{"json": …}`, `{"text": "…"}` or `{"base64": "…"}`; null reads as no body.
    fileprivate init?(orNull tokens: inout CassetteTokens) {
        if tokens.takeNull() {
            self = .none
            return
        }
        guard tokens.take(mockapi_token_object_start), let kind = tokens.name() else { return nil }
        switch kind {
        case "json":
            guard let json = tokens.bodyJSON() else { return nil }
            self = .json(json)
        case "text":
            guard let text = tokens.string() else { return nil }
            self = .text(text)
        case "base64":
            guard let text = tokens.string(), let bytes = Base64.decode(text) else { return nil }
            self = .binary(bytes)
        default:
            return nil
        }
        // Exactly one member.
        guard tokens.name() == nil else { return nil }
    }
}

/// Which of an object's fields have been read, to refuse one that appears twice.
private struct SeenFields {
    private var bits: UInt8 = 0

    /// Whether field `index` is read for the first time (and marks it read).
    mutating func first(_ index: Int) -> Bool {
        let bit: UInt8 = 1 << index
        defer { bits |= bit }
        return bits & bit == 0
    }
}
