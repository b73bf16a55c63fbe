import MockAPIJSON

/// Finds secrets left in an interaction. For headers, parameters and JSON fields it flags exactly what a
/// ``Redactor`` with the same rules would replace (so `mockapi scrub` clears these findings); it also flags long
/// high-entropy strings in fields named like secrets, which no rule covers, and the values of `--secret-env`
/// variables wherever they appear.
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
        for literal in literals {
            for place in places(of: literal, in: interaction, prefix: prefix) {
                drafts.append(LintDraft(
                    at: place, rule: .secretValue,
                    message: "holds the value of $\(literal.name) (--secret-env \(literal.name)); mockapi scrub --redact-env "
                        + "\(literal.name) replaces it with \(literal.placeholder)"))
            }
        }
    }

    /// As ``Redactor`` decides: a covered header whose value (or, for cookies, a cookie's value) is neither empty nor
    /// a placeholder.
    private func holdsUnredactedSecret(_ field: HTTPHeaders.Field) -> Bool {
        guard rules.coversHeader(field.name) else { return false }
        func cookieValueIsSecret(_ pair: Substring) -> Bool {
            let pair = pair.trimmingSpaces()
            guard !pair.isEmpty, !RedactionMarker.containsPlaceholder(pair) else { return false }
            guard let equals = pair.firstIndex(of: "=") else { return true }
            return pair.index(after: equals) != pair.endIndex
        }
        switch field.name.lowercased() {
        case "cookie":
            return field.value.split(separator: ";", omittingEmptySubsequences: false).contains(where: cookieValueIsSecret)
        case "set-cookie":
            guard let first = field.value.split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false).first else {
                return false
            }
            return cookieValueIsSecret(first)
        default:
            return !field.value.isEmpty && !RedactionMarker.containsPlaceholder(field.value)
        }
    }

    /// Names of covered parameters with a value that is neither empty nor a placeholder, each once, in order.
    private func unredactedParameters(_ encoded: String) -> [String] {
        var names: [String] = []
        for pair in encoded.split(separator: "&") {
            guard let equals = pair.firstIndex(of: "=") else { continue }
            let name = PercentDecoding.decode(pair[..<equals], plusIsSpace: true)
            let value = PercentDecoding.decode(pair[pair.index(after: equals)...], plusIsSpace: true)
            guard rules.coversParameter(name), !value.isEmpty, !RedactionMarker.isPlaceholder(value), !names.contains(name) else {
                continue
            }
            names.append(name)
        }
        return names
    }

    private func scanJSON(_ body: Body, at place: String, side: String, into drafts: inout [LintDraft]) {
        let document: JSONValue
        let base: String
        switch body {
        case .json(let value):
            document = value
            base = place + ".json"
        case .text(let text):
            // As the redactor does: text that is a JSON object or array is scrubbed as JSON.
            guard let first = text.utf8.first(where: { $0 > 0x20 }), first == UInt8(ascii: "{") || first == UInt8(ascii: "["),
                let value = try? JSONValue.parse(Array(text.utf8))
            else { return }
            document = value
            base = place + ".text"
        case .none, .binary:
            return
        }
        var path: [JSONPathPattern.Location] = []
        walk(document, path: &path) { path, value in
            let jsonPath = Redactor.describe(path)
            let at = base == place + ".json" ? base + jsonPath.dropFirst() : base
            if let rule = rules.jsonFields.first(where: { $0.matches(path) }) {
                let isSecret: Bool
                switch value {
                case .string(let text): isSecret = !RedactionMarker.containsPlaceholder(text)
                case .number: isSecret = true
                default: isSecret = false
                }
                guard isSecret else { return }
                drafts.append(LintDraft(
                    at: at, rule: .secretField,
                    message: "\(side) JSON field \(jsonPath) is not redacted (rule \(rule)); mockapi scrub replaces its value "
                        + "with \(RedactionMarker.generic)"))
            } else if case .string(let text) = value, case .member(let name)? = path.last,
                SecretEntropy.isSecretName(name), let bits = SecretEntropy.looksRandom(text)
            {
                drafts.append(LintDraft(
                    at: at, rule: .secretField,
                    message: "\(side) JSON field \(jsonPath) holds a high-entropy string (\(text.count) characters, "
                        + "\(bits) bits each) and is named like a secret; redact it: mockapi scrub --redact-json-field '\(jsonPath)'"))
            }
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
        return places
    }
}
