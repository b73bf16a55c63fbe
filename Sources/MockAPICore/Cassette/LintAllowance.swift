import MockAPIJSON

/// A `mockapi lint` finding that the cassette's authors have looked at and accept, with the reason. Stored in the
/// cassette itself, so the acknowledgement travels and is reviewed with the data:
///
/// ```json
/// "lint": {"allow": [{"rule": "secret-header", "at": "interactions[0].request.headers[2]",
///                     "reason": "invented token, kept so that --match-header authorization tells the calls apart"}]}
/// ```
///
/// An allowance covers the findings of its rule at `at` and below it (`interactions[0]` covers
/// `interactions[0].request.headers[2]`), or anywhere in the cassette when `at` is left out. `mockapi lint` reports an
/// allowance that covers nothing, so one outlives its reason only until the next lint.
package struct LintAllowance: Sendable, Hashable {
    /// The rule's name as lint prints it: `secret-header`.
    package var rule: String
    /// A location as lint prints it (a JSON path into the cassette file); nil for the whole cassette.
    package var at: String?
    /// Why the finding is acceptable. Required: the list documents itself.
    package var reason: String

    package init(rule: String, at: String? = nil, reason: String) {
        self.rule = rule
        self.at = at
        self.reason = reason
    }

    /// Whether this allowance covers a finding of `rule` at `location`.
    package func covers(rule: String, at location: String) -> Bool {
        guard rule == self.rule else { return false }
        guard let at else { return true }
        guard location.hasPrefix(at) else { return false }
        let rest = location.dropFirst(at.count)
        return rest.isEmpty || rest.hasPrefix(".") || rest.hasPrefix("[")
    }

    package var jsonValue: JSONValue {
        var members = [JSONMember("rule", .string(rule))]
        if let at { members.append(JSONMember("at", .string(at))) }
        members.append(JSONMember("reason", .string(reason)))
        return .object(members)
    }
}

extension [LintAllowance] {
    /// The cassette's `"lint"` member: `{"allow": […]}`.
    var lintJSONValue: JSONValue {
        .object([JSONMember("allow", .array(map(\.jsonValue)))])
    }
}

extension LintAllowance {
    /// Reads the cassette's `"lint"` member.
    static func list(_ field: JSONField) throws(CassetteError) -> [LintAllowance] {
        let members = try field.members(allowed: ["allow"])
        guard let allow = members.optional("allow") else { return [] }
        var allowances: [LintAllowance] = []
        for entry in try allow.array() {
            let fields = try entry.members(allowed: ["rule", "at", "reason"])
            let rule = try fields.required("rule")
            let reason = try fields.required("reason")
            let ruleName = try rule.string()
            let why = try reason.string()
            guard !ruleName.isEmpty else { throw rule.failure("name the rule, as lint prints it (secret-header, duplicate, …)") }
            guard why.contains(where: { !$0.isWhitespace }) else {
                throw reason.failure("say why the finding is acceptable: the allow-list is where readers look for it")
            }
            allowances.append(LintAllowance(rule: ruleName, at: try fields.optional("at")?.string(), reason: why))
        }
        return allowances
    }
}
