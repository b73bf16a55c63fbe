import MockAPIJSON

/// The cassette's `"match"` member: the ``MatchRules`` that travel with the recording.
///
/// ```json
/// "match": {"ignoreJSONFields": ["$.n", "$.messages[*].tool_call_id"], "nullMatchesAbsent": true}
/// ```
/// Members: `ignoreBody` and `nullMatchesAbsent` (booleans), `ignoreJSONFields`, `ignoreQuery` and `matchHeaders`
/// (lists of strings), `introspection` (`"nearest"` or `"exact"`).
extension MatchRules {
    static let cassetteMembers = ["ignoreBody", "ignoreJSONFields", "nullMatchesAbsent", "ignoreQuery", "matchHeaders", "introspection"]

    /// Reads a cassette's `match` object.
    init(cassetteField field: JSONField) throws(CassetteError) {
        let members = try field.members(allowed: MatchRules.cassetteMembers)
        func flag(_ name: String) throws(CassetteError) -> Bool {
            guard let member = members.optional(name) else { return false }
            guard case .bool(let value) = member.value else {
                throw member.failure("expected true or false, found \(member.value.kindDescription)")
            }
            return value
        }
        func strings(_ name: String) throws(CassetteError) -> [String] {
            guard let member = members.optional(name) else { return [] }
            var texts: [String] = []
            for element in try member.array() { texts.append(try element.string()) }
            return texts
        }
        var patterns: [JSONPathPattern] = []
        if let list = members.optional("ignoreJSONFields") {
            for element in try list.array() {
                let text = try element.string()
                do throws(JSONPathPattern.ParseError) { patterns.append(try JSONPathPattern(parsing: text)) } catch {
                    throw element.failure(error.description)
                }
            }
        }
        let headers = try strings("matchHeaders")
        for (offset, name) in headers.enumerated() where name.isEmpty || !name.utf8.allSatisfy(HTTPSyntax.isTokenByte) {
            throw field.child("matchHeaders", .null).element(offset, .string(name)).failure("\"\(name)\" is not a header name")
        }
        var introspection = IntrospectionMatching.nearest
        if let member = members.optional("introspection") {
            let text = try member.string()
            guard let chosen = IntrospectionMatching(rawValue: text) else {
                throw member.failure("\"\(text)\" is not an introspection rule; use \"nearest\" or \"exact\"")
            }
            introspection = chosen
        }
        self.init(
            ignoreBody: try flag("ignoreBody"), ignoreJSONFields: patterns, nullMatchesAbsent: try flag("nullMatchesAbsent"),
            ignoreQuery: Set(try strings("ignoreQuery")), matchHeaders: headers, introspection: introspection)
    }

    /// The cassette's `match` object, members in the documented order; only the rules that are set.
    var cassetteJSONValue: JSONValue {
        var members: [JSONMember] = []
        if ignoreBody { members.append(JSONMember("ignoreBody", .bool(true))) }
        if !ignoreJSONFields.isEmpty { members.append(JSONMember("ignoreJSONFields", .array(ignoreJSONFields.map { .string($0.description) }))) }
        if nullMatchesAbsent { members.append(JSONMember("nullMatchesAbsent", .bool(true))) }
        if !ignoreQuery.isEmpty { members.append(JSONMember("ignoreQuery", .array(ignoreQuery.sorted().map { .string($0) }))) }
        if !matchHeaders.isEmpty { members.append(JSONMember("matchHeaders", .array(matchHeaders.map { .string($0) }))) }
        if introspection != .nearest { members.append(JSONMember("introspection", .string(introspection.rawValue))) }
        return .object(members)
    }
}
