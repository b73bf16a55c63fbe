import MockAPIJSON

/// Finds secrets left in an interaction: exactly what a ``Redactor`` with the same rules would replace, by name
/// (headers, parameters, JSON fields) and by shape (anywhere), asking the same ``RedactionRules`` decisions, so
/// `mockapi scrub` clears these findings; and the values of `--secret-env` variables wherever they appear.
struct SecretScanner: Sendable {
    let rules: RedactionRules
    /// Values to hunt for everywhere (`--secret-env NAME`).
    let literals: [SecretLiteral]

    func scan(_ interaction: Interaction, at prefix: String, into drafts: inout [LintDraft]) {
        for (side, message) in [("request", interaction.request.headers), ("response", interaction.response.headers)] {
            for (index, field) in message.fields.enumerated() where holdsUnredactedSecret(field) {
                drafts.append(LintDraft(
                    at: "\(prefix).\(side).headers[\(index)]", rule: .secretHeader,
                    message: "\(side) header \(field.name.lowercased()) is not redacted; mockapi scrub replaces its value "
                        + "with \(RedactionMarker.generic)"))
            }
        }
        if let query = interaction.request.query {
            for name in unredactedParameters(query) {
                drafts.append(LintDraft(
                    at: "\(prefix).request.query", rule: .secretQuery,
                    message: "query parameter \(name) is not redacted; mockapi scrub replaces its value with \(RedactionMarker.generic)"))
            }
        }
        if RequestNormalizer.isForm(interaction.request.headers["content-type"]), case .text(let form) = interaction.request.body {
            for name in unredactedParameters(form) {
                drafts.append(LintDraft(
                    at: "\(prefix).request.body.text", rule: .secretQuery,
                    message: "form parameter \(name) is not redacted; mockapi scrub replaces its value with \(RedactionMarker.generic)"))
            }
        }
        scanJSON(interaction.request.body, at: "\(prefix).request.body", side: "request", into: &drafts)
        scanJSON(interaction.response.body, at: "\(prefix).response.body", side: "response", into: &drafts)
        for (index, message) in (interaction.webSocket?.messages ?? []).enumerated() where !message.isBinary {
            scanJSON(
                message.body, at: "\(prefix).webSocket.messages[\(index)]", side: "\(message.from.rawValue) message",
                into: &drafts)
        }
        scanShapes(interaction, at: prefix, into: &drafts)
        for literal in literals {
            for place in places(of: literal, in: interaction, prefix: prefix) {
                drafts.append(LintDraft(
                    at: place, rule: .secretValue,
                    message: "holds the value of $\(literal.name) (--secret-env \(literal.name)); mockapi scrub --redact-env "
                        + "\(literal.name) replaces it with \(literal.placeholder)"))
            }
        }
    }

    /// As ``Redactor`` decides: a header scrubbed by name, or a cookie header with a cookie value that is neither empty
    /// nor a placeholder.
    private func holdsUnredactedSecret(_ field: HTTPHeaders.Field) -> Bool {
        guard rules.scrubsCookies(in: field.name) else { return rules.scrubsHeader(field.name, value: field.value) }
        var secrets: [String] = []
        _ = Redactor.scrubCookies(field.value, setCookie: field.name.lowercased() == "set-cookie", secrets: &secrets)
        return !secrets.isEmpty
    }

    /// Names of covered parameters with a value that is neither empty nor a placeholder, each once, in order.
    private func unredactedParameters(_ encoded: String) -> [String] {
        var names: [String] = []
        for pair in encoded.split(separator: "&") {
            guard let equals = pair.firstIndex(of: "=") else { continue }
            let name = PercentDecoding.decode(pair[..<equals], plusIsSpace: true)
            let value = PercentDecoding.decode(pair[pair.index(after: equals)...], plusIsSpace: true)
            guard rules.scrubsParameter(name, value: value), !names.contains(name) else { continue }
            names.append(name)
        }
        return names
    }

    private func scanJSON(_ body: Body, at place: String, side: String, into drafts: inout [LintDraft]) {
        guard let document = body.jsonDocument else { return }
        let base = if case .json = body { place + ".json" } else { place + ".text" }
        var path: [JSONPathPattern.Location] = []
        walk(document, path: &path) { path, value in
            guard let rule = rules.jsonRule(at: path, value: value) else { return }
            let jsonPath = Redactor.describe(path)
            let named = rule.hasPrefix("*") ? "named like a credential, \(rule)" : "rule \(rule)"
            drafts.append(LintDraft(
                at: base.hasSuffix(".json") ? base + jsonPath.dropFirst() : base, rule: .secretField,
                message: "\(side) JSON field \(jsonPath) is not redacted (\(named)); mockapi scrub replaces its value "
                    + "with \(RedactionMarker.generic)"))
        }
    }

    /// Credentials by shape, found where and as the redactor finds them, one finding per place and kind.
    private func scanShapes(_ interaction: Interaction, at prefix: String, into drafts: inout [LintDraft]) {
        guard rules.credentialShapes else { return }
        var copy = interaction
        let report = Redactor(rules: rules).redact(&copy, scope: Redactor.Scope(prefix: prefix), alsoHiding: [])
        var seen: Set<String> = []
        for site in report.shapeSites where seen.insert(site.at + " " + site.kind).inserted {
            drafts.append(LintDraft(
                at: site.at, rule: .secretShape,
                message: "holds a credential by its shape (\(site.kind)); mockapi scrub replaces it with \(RedactionMarker.generic)"))
        }
    }

    /// Calls `visit` for every string and number, with its path.
    private func walk(_ value: JSONValue, path: inout [JSONPathPattern.Location],
                      visit: ([JSONPathPattern.Location], JSONValue) -> Void) {
        switch value {
        case .string, .number:
            visit(path, value)
        case .array(let elements):
            for (offset, element) in elements.enumerated() {
                path.append(.index(offset))
                walk(element, path: &path, visit: visit)
                path.removeLast()
            }
        case .object(let members):
            for member in members {
                path.append(.member(member.name))
                walk(member.value, path: &path, visit: visit)
                path.removeLast()
            }
        case .null, .bool:
            break
        }
    }

    /// Where a literal appears, in any form the redactor replaces (as written, percent-encoded, JSON-escaped).
    private func places(of literal: SecretLiteral, in interaction: Interaction, prefix: String) -> [String] {
        var places: [String] = []
        func check(_ bytes: [UInt8], _ place: String) {
            if !Redactor.leaks(of: [literal], in: bytes).isEmpty { places.append(place) }
        }
        check(Array(interaction.request.path.utf8), "\(prefix).request.path")
        if let query = interaction.request.query { check(Array(query.utf8), "\(prefix).request.query") }
        for (index, field) in interaction.request.headers.fields.enumerated() {
            check(Array(field.value.utf8), "\(prefix).request.headers[\(index)]")
        }
        check(interaction.request.body.bytes, "\(prefix).request.body")
        for (index, field) in interaction.response.headers.fields.enumerated() {
            check(Array(field.value.utf8), "\(prefix).response.headers[\(index)]")
        }
        check(interaction.response.body.bytes, "\(prefix).response.body")
        for (index, message) in (interaction.webSocket?.messages ?? []).enumerated() {
            check(message.bytes, "\(prefix).webSocket.messages[\(index)]")
        }
        return places
    }
}
