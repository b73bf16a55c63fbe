import MockAPIJSON

extension Cassette {
    /// Reads a cassette from its parsed JSON, validating every field; `file` names it in errors.
    package init(json: JSONValue, file: String) throws(CassetteError) {
        try self.init(top: json, file: file) { (field) throws(CassetteError) in
            try Parallel.map(try field.array()) { (field) throws(CassetteError) in try Interaction(field) }
        }
    }

    /// Reads a cassette from its parsed top object; `interactions` reads its `interactions` member, which the top
    /// object's own fields are checked before.
    init(
        top json: JSONValue, file: String, interactions: (JSONField) throws(CassetteError) -> [Interaction]
    ) throws(CassetteError) {
        let root = JSONField(value: json, file: file, path: "")
        guard case .object = json else {
            throw root.failure("expected a cassette object ({\"mockapi\": 1, \"interactions\": […]}), found \(json.kindDescription)")
        }
        guard let version = json["mockapi"] else {
            throw root.failure(
                "not a mockapi cassette: the \"mockapi\" format version field is missing "
                    + "(HAR or VCR files can be brought in with `mockapi import`)")
        }
        guard case .number(let literal) = version, let number = Int(literal), Cassette.supportedVersions.contains(number)
        else {
            if case .number(let literal) = version {
                throw .unsupportedVersion(file: file, found: literal, supported: Cassette.supportedVersions)
            }
            throw root.child("mockapi", version).failure("expected a number, found \(version.kindDescription)")
        }
        let members = try root.members(allowed: ["mockapi", "source", "lint", "match", "volatileHeaders", "interactions"])
        self.source = try members.optional("source")?.string()
        self.lintAllowances = try members.optional("lint").map { (field) throws(CassetteError) in try LintAllowance.list(field) } ?? []
        self.matchRules = try members.optional("match").map { (field) throws(CassetteError) in try MatchRules(cassetteField: field) } ?? .exact
        self.volatileHeaders = try members.optional("volatileHeaders").map { (field) throws(CassetteError) in
            try Validate.headerNames(field)
        } ?? []
        self.interactions = try interactions(try members.required("interactions"))
    }
}

extension Interaction {
    static let fields = ["request", "response", "webSocket", "upstream", "mount", "recordedAt", "durationMs", "recordedWith"]

    init(_ field: JSONField) throws(CassetteError) {
        let members = try field.members(allowed: Interaction.fields)
        self.request = try RecordedRequest(try members.required("request"))
        self.response = try RecordedResponse(try members.required("response"))
        self.upstream = try members.optional("upstream").map { (field) throws(CassetteError) in try Validate.origin(field) }
        self.mount = try members.optional("mount").map { (field) throws(CassetteError) in try Validate.mount(field) }
        self.recordedAt = try members.optional("recordedAt")?.string()
        self.durationMs = try members.optional("durationMs")?.number()
        self.recordedWith = try members.optional("recordedWith")?.string()
        self.webSocket = try members.optional("webSocket").map { (field) throws(CassetteError) in
            try WebSocketConversation(field)
        }
        if let webSocket = members.optional("webSocket") {
            guard request.method == "GET", response.status == 101 else {
                throw webSocket.failure(
                    "a WebSocket conversation follows a GET handshake answered 101 (this one is \(request.method), "
                        + "answered \(response.status))")
            }
        }
        if let durationMs, durationMs < 0 { throw field.child("durationMs", .null).failure("must not be negative") }
        // 1e400 reads as infinity, which no JSON number can write back: the cassette would not load once saved.
        if let durationMs, !durationMs.isFinite {
            throw field.child("durationMs", .null).failure("too large for a number of milliseconds")
        }
    }
}

extension RecordedRequest {
    init(_ field: JSONField) throws(CassetteError) {
        let members = try field.members(allowed: ["method", "path", "query", "headers", "body"])
        self.method = try Validate.method(try members.required("method"))
        self.path = try Validate.path(try members.required("path"))
        self.query = try members.optional("query").map { (field) throws(CassetteError) in try Validate.query(field) }
        self.headers = try members.optional("headers").map { (field) throws(CassetteError) in try Validate.headers(field) } ?? []
        self.body = try members.optional("body").map { (field) throws(CassetteError) in try Body(field) } ?? .none
    }
}

extension RecordedResponse {
    init(_ field: JSONField) throws(CassetteError) {
        let members = try field.members(allowed: ["status", "headers", "body"])
        self.status = try members.required("status").integer(in: 100...599)
        self.headers = try members.optional("headers").map { (field) throws(CassetteError) in try Validate.headers(field) } ?? []
        self.body = try members.optional("body").map { (field) throws(CassetteError) in try Body(field) } ?? .none
    }
}

extension Body {
    init(_ field: JSONField) throws(CassetteError) {
        if case .object(let members) = field.value, members.contains(where: { $0.name == "chunks" }) {
            self = .chunks(try ChunkedBody(field))
            return
        }
        let members = try field.members(allowed: ["json", "text", "base64", "chunks", "format"])
        // A json body may name its layout beside its value (`"format": "indent2"`); without one it is compact.
        let formatIndex = members.count == 2 ? members.members.firstIndex { $0.name == "format" } : nil
        let form = formatIndex.map { members.members[1 - $0] } ?? members.members.first
        guard let form, form.name != "format", members.count == (formatIndex == nil ? 1 : 2) else {
            throw field.failure(#"expected exactly one of {"json": …}, {"text": "…"}, {"base64": "…"} or {"chunks": […]}"#)
        }
        let kind = form.name
        let value = form.value
        let inner = field.child(kind, value)
        if let formatIndex {
            let format = field.child("format", members.members[formatIndex].value)
            guard kind == "json" else { throw format.failure("only a json body has a format (the layout of its value)") }
            guard let layout = JSONLayout(name: try format.string()) else {
                throw format.failure("unknown JSON layout (expected \(JSONLayout.namesDescription))")
            }
            self = .json(JSONBody(value, layout: layout))
            return
        }
        switch kind {
        case "json":
            self = .json(JSONBody(value))
        case "text":
            self = .text(try inner.string())
        default:
            guard let bytes = Base64.decode(try inner.string()) else { throw inner.failure("not valid base64") }
            self = .binary(bytes)
        }
    }
}
