/// Scrubs credentials from interactions before they reach disk, by ``RedactionRules``, and nothing else: a replayed
/// request must get exactly the recorded answer. Pure: the same rules give the same cassette, so `mockapi record`, a
/// later `mockapi scrub` and `mockapi lint` agree.
///
/// In order, for each interaction:
/// 1. every ``RedactionRules/literals`` value (an environment variable's) is replaced by its `<NAME>` wherever it
///    stands as a whole value: path, query, header values, request and response bodies, as written, percent-encoded
///    or JSON-escaped;
/// 2. headers, query and form parameters and JSON fields the rules name get ``RedactionMarker/generic``
///    (`<redacted>`), keeping what is not secret readable: `Bearer <redacted>`, `session=<redacted>; Path=/; HttpOnly`;
/// 3. credential-shaped values (``CredentialShape``) get `<redacted>` wherever they are;
/// 4. each value replaced in steps 2 and 3 that could be a credential is replaced wherever else it stands as a whole
///    value in the same interaction (a token echoed in a body), and in later ones when the caller passes the report's
///    ``RedactionReport/secrets`` back as `alsoHiding` (a session cookie that turns up in a later body).
///
/// Replay treats these placeholders as "any value" when matching (``RequestNormalizer``). When that makes two recorded
/// requests one, ``redact(_:)-(Cassette)`` names them in ``RedactionReport/merges``.
package struct Redactor: Sendable {
    package let rules: RedactionRules

    package init(rules: RedactionRules) {
        self.rules = rules
    }

    /// Where an interaction is, for reports and for a cassette's `lint.allow` list.
    struct Scope {
        /// Put before report locations: empty, or `interactions[3] `.
        let place: String
        /// The interaction as a path into the cassette file: `interactions[3]`.
        let at: String
        /// The cassette's acknowledged findings: values lint is told to accept are not scrubbed either.
        let allowances: [LintAllowance]

        init(prefix: String, allowances: [LintAllowance] = []) {
            place = prefix.isEmpty ? "" : prefix + " "
            at = prefix.isEmpty ? "interactions[0]" : prefix
            self.allowances = allowances
        }

        /// The location is spelled out only when the cassette acknowledges something (most have nothing to).
        func acknowledges(_ rule: LintRule, at location: @autoclosure () -> String) -> Bool {
            guard !allowances.isEmpty else { return false }
            let location = location()
            return allowances.contains { $0.covers(rule: rule.rawValue, at: location) }
        }
    }

    /// Scrubs one interaction in place and says what changed.
    /// - Parameters:
    ///   - prefix: put before every location in the report (`interactions[3]`).
    ///   - known: secrets scrubbed from earlier interactions, hunted down in this one too.
    @discardableResult
    package func redact(_ interaction: inout Interaction, at prefix: String = "", alsoHiding known: [SecretLiteral] = [])
        -> RedactionReport
    {
        redact(&interaction, scope: Scope(prefix: prefix), alsoHiding: known)
    }

    func redact(_ interaction: inout Interaction, scope: Scope, alsoHiding known: [SecretLiteral]) -> RedactionReport {
        var report = RedactionReport()
        for literal in rules.literals {
            replaceEverywhere(literal, rule: "env \(literal.name)", in: &interaction, place: scope.place, report: &report)
            report.remember(literal)
        }
        for secret in known where !rules.literals.contains(secret) {
            replaceEverywhere(secret, rule: "echo of \(secret.name)", in: &interaction, place: scope.place, report: &report)
            report.remember(secret)
        }
        var scrubbed: [SecretLiteral] = []
        scrubHeaders(&interaction.request.headers, side: "request", scope: scope, report: &report, scrubbed: &scrubbed)
        scrubHeaders(&interaction.response.headers, side: "response", scope: scope, report: &report, scrubbed: &scrubbed)
        if let query = interaction.request.query {
            interaction.request.query = scrubParameters(
                query, at: scope.at + ".request.query", place: scope.place + "request query", scope: scope, report: &report,
                scrubbed: &scrubbed)
        }
        if RequestNormalizer.isForm(interaction.request.headers["content-type"]), case .text(let form) = interaction.request.body {
            let scrubbedForm = scrubParameters(
                form, at: scope.at + ".request.body.text", place: scope.place + "request form", scope: scope, report: &report,
                scrubbed: &scrubbed)
            if scrubbedForm != form { interaction.request.body = Body(bytes: Array(scrubbedForm.utf8)) }
        }
        scrubJSON(&interaction.request.body, side: "request", scope: scope, report: &report, scrubbed: &scrubbed)
        scrubJSON(&interaction.response.body, side: "response", scope: scope, report: &report, scrubbed: &scrubbed)
        scrubMessages(&interaction, scope: scope, report: &report, scrubbed: &scrubbed)
        if rules.credentialShapes { scrubShapes(&interaction, scope: scope, report: &report, scrubbed: &scrubbed) }
        for secret in scrubbed where isWorthHunting(secret.value) {
            replaceEverywhere(secret, rule: "echo of \(secret.name)", in: &interaction, place: scope.place, report: &report)
            report.remember(secret)
        }
        return report
    }

    /// Scrubs every interaction of a cassette; locations in the report start with `interactions[N]`. A secret
    /// scrubbed from one interaction is hunted down in all the others, earlier ones included. Values the cassette's
    /// `lint.allow` list acknowledges (an invented token kept on purpose) are left alone. Requests that scrubbing made
    /// indistinguishable are named in ``RedactionReport/merges``.
    @discardableResult
    package func redact(_ cassette: inout Cassette) -> RedactionReport {
        let original = cassette.interactions
        var report = RedactionReport()
        for index in cassette.interactions.indices {
            let scope = Scope(prefix: "interactions[\(index)]", allowances: cassette.lintAllowances)
            report.merge(redact(&cassette.interactions[index], scope: scope, alsoHiding: report.secrets))
        }
        // Secrets first seen in a later interaction may sit in earlier ones.
        for index in cassette.interactions.indices {
            for secret in report.secrets where !rules.literals.contains(secret) {
                replaceEverywhere(
                    secret, rule: "echo of \(secret.name)", in: &cassette.interactions[index], place: "interactions[\(index)] ",
                    report: &report)
            }
        }
        var watch = MergeWatch()
        for index in cassette.interactions.indices {
            let places = report.requestPlaces(ofInteraction: index)
            report.merges += watch.add(original: original[index], scrubbed: cassette.interactions[index], index: index, places: places)
        }
        return report
    }

    /// The names (never the values) of the secrets found in `bytes` as whole values, in any form the redactor replaces:
    /// as written, percent-encoded or JSON-escaped. Empty means the bytes are safe to write.
    package static func leaks(of secrets: [SecretLiteral], in bytes: [UInt8]) -> [String] {
        secrets.filter { secret in
            forms(of: secret.value).contains { ByteSearch.firstWholeOffset(of: $0, in: bytes) != nil }
        }.map(\.name)
    }

    /// Whether a scrubbed value is distinctive enough to hunt for elsewhere: long, one token, not a boolean, number,
    /// date or placeholder (``CredentialValue/isSingleToken(_:)``).
    func isWorthHunting(_ value: String) -> Bool {
        value.utf8.count >= max(rules.minimumEchoLength, 1) && CredentialValue.isSingleToken(value)
            && !ByteSearch.contains(value, in: RedactionMarker.generic)
    }
}
