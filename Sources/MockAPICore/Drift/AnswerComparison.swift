import MockAPIJSON

/// Compares a recorded answer with the live answer to the same request, by structure: status, media type, and the
/// shape of a JSON body (``JSONShapeDiff``). Values never count: other ids, dates, counts, texts or header values are
/// the same structure.
package enum AnswerComparison {
    /// - Parameters:
    ///   - liveBody: decoded (no content coding).
    ///   - method: a `HEAD` answer has no body to compare.
    package static func compare(recorded: RecordedResponse, liveStatus: Int, liveHeaders: HTTPHeaders, liveBody: [UInt8],
                               method: String) -> [DriftFinding] {
        // Another status brings another body (an error document, a redirect); comparing them would only add noise.
        guard recorded.status == liveStatus else {
            return [DriftFinding(kind: .status, recorded: String(recorded.status), live: String(liveStatus), breaking: true)]
        }
        var findings: [DriftFinding] = []
        let recordedType = mediaType(recorded.headers["content-type"])
        let liveType = mediaType(liveHeaders["content-type"])
        if recordedType != liveType {
            findings.append(DriftFinding(kind: .contentType, recorded: recordedType, live: liveType, breaking: recordedType != nil))
        }
        guard method.uppercased() != "HEAD", let was = json(recorded.body, mediaType: recordedType) else { return findings }
        guard let now = json(Body(bytes: liveBody), mediaType: liveType) else {
            findings.append(DriftFinding(kind: .body, recorded: "JSON", live: liveBody.isEmpty ? "empty" : "not JSON", breaking: true))
            return findings
        }
        let shape = JSONShapeDiff.compare(recorded: JSONShape(of: was), live: JSONShape(of: now))
        // A GraphQL answer (status 200 either way) that now carries errors: one breaking finding says so.
        if let errors = GraphQLDrift.errorsFinding(recorded: was, live: now) {
            return findings + [errors] + shape.filter { !($0.path ?? "").hasPrefix("$.errors") }
        }
        return findings + shape
    }

    /// `application/json` for `Application/JSON; charset=utf-8`: parameters are not structure.
    static func mediaType(_ value: String?) -> String? {
        guard let value else { return nil }
        let type = value.prefix { $0 != ";" }.trimmingSpaces().lowercased()
        return type.isEmpty ? nil : type
    }

    /// The body as JSON when it is JSON: any JSON text under a JSON media type (`application/json`,
    /// `application/vnd.github+json`), else only an object or an array (a text/plain `true` is a word, not a value).
    static func json(_ body: Body, mediaType: String?) -> JSONValue? {
        let value: JSONValue
        switch body {
        case .none: return nil
        case .json(let json): value = json.value
        case .text, .binary, .chunks:
            // JSON stored as text: written with spaces, as Python clients and imported HARs have it.
            guard let parsed = try? JSONValue.parse(body.bytes) else { return nil }
            value = parsed
        }
        if let mediaType, mediaType.hasSuffix("json") { return value }
        switch value {
        case .object, .array: return value
        default: return nil
        }
    }
}
