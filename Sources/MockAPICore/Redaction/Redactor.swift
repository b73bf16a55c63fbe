/// Scrubs secrets from interactions before they reach disk, by ``RedactionRules``. Pure: the same rules give the same
/// cassette, so `mockapi record` and a later scrub of existing cassettes agree.
///
/// In order, for each interaction:
/// 1. every ``RedactionRules/literals`` value (an environment variable's) is replaced by its `<NAME>` wherever it
///    appears: path, query, header values, request and response bodies, as written, percent-encoded or JSON-escaped;
/// 2. covered headers, query and form parameters and JSON fields get ``RedactionMarker/generic`` (`<redacted>`),
///    keeping what is not secret readable: `Bearer <redacted>`, `session=<redacted>; Path=/; HttpOnly`;
/// 3. each value replaced in step 2 that is long enough to be a credential is replaced wherever else it appears in
///    the same interaction (a token echoed in a body), and in later ones when the caller passes the report's
///    ``RedactionReport/secrets`` back as `alsoHiding` (a session cookie that turns up in a later body).
///
/// Replay treats these placeholders as "any value" when matching (``RequestNormalizer``).
public struct Redactor: Sendable {
    public let rules: RedactionRules

    public init(rules: RedactionRules) {
        self.rules = rules
    }

    /// Scrubs one interaction in place and says what changed.
    /// - Parameters:
    ///   - prefix: put before every location in the report (`interactions[3]`).
    ///   - known: secrets scrubbed from earlier interactions, hunted down in this one too.
    @discardableResult
    public func redact(_ interaction: inout Interaction, at prefix: String = "", alsoHiding known: [SecretLiteral] = [])
        -> RedactionReport
    {
        var report = RedactionReport()
        let place = prefix.isEmpty ? "" : prefix + " "
        for literal in rules.literals {
            replaceEverywhere(literal, rule: "env \(literal.name)", in: &interaction, place: place, report: &report)
            report.remember(literal)
        }
        for secret in known where !rules.literals.contains(secret) {
            replaceEverywhere(secret, rule: "echo of \(secret.name)", in: &interaction, place: place, report: &report)
            report.remember(secret)
        }
        var scrubbed: [SecretLiteral] = []
        scrubHeaders(&interaction.request.headers, at: place + "request", report: &report, scrubbed: &scrubbed)
        scrubHeaders(&interaction.response.headers, at: place + "response", report: &report, scrubbed: &scrubbed)
        if let query = interaction.request.query {
            interaction.request.query = scrubParameters(query, at: place + "request query", report: &report, scrubbed: &scrubbed)
        }
        if RequestNormalizer.isForm(interaction.request.headers["content-type"]), case .text(let form) = interaction.request.body {
            let scrubbedForm = scrubParameters(form, at: place + "request form", report: &report, scrubbed: &scrubbed)
            if scrubbedForm != form { interaction.request.body = Body(bytes: Array(scrubbedForm.utf8)) }
        }
        scrubJSON(&interaction.request.body, at: place + "request body", report: &report, scrubbed: &scrubbed)
        scrubJSON(&interaction.response.body, at: place + "response body", report: &report, scrubbed: &scrubbed)
        for secret in scrubbed where isWorthHunting(secret.value) {
            replaceEverywhere(secret, rule: "echo of \(secret.name)", in: &interaction, place: place, report: &report)
            report.remember(secret)
        }
        return report
    }

    /// Scrubs every interaction of a cassette; locations in the report start with `interactions[N]`. A secret
    /// scrubbed from one interaction is hunted down in all the others, earlier ones included.
    @discardableResult
    public func redact(_ cassette: inout Cassette) -> RedactionReport {
        var report = RedactionReport()
        for index in cassette.interactions.indices {
            report.merge(redact(&cassette.interactions[index], at: "interactions[\(index)]", alsoHiding: report.secrets))
        }
        // Secrets first seen in a later interaction may sit in earlier ones.
        for index in cassette.interactions.indices {
            for secret in report.secrets where !rules.literals.contains(secret) {
                replaceEverywhere(
                    secret, rule: "echo of \(secret.name)", in: &cassette.interactions[index], place: "interactions[\(index)] ",
                    report: &report)
            }
        }
        return report
    }

    /// The names (never the values) of the secrets found in `bytes`, in any form the redactor replaces: as written,
    /// percent-encoded or JSON-escaped. Empty means the bytes are safe to write.
    public static func leaks(of secrets: [SecretLiteral], in bytes: [UInt8]) -> [String] {
        secrets.filter { secret in forms(of: secret.value).contains { ByteSearch.contains($0, in: bytes) } }.map(\.name)
    }

    /// Whether a scrubbed value is distinctive enough to hunt for elsewhere: long, no spaces, not a placeholder.
    func isWorthHunting(_ value: String) -> Bool {
        value.utf8.count >= max(rules.minimumEchoLength, 1) && !value.utf8.contains(UInt8(ascii: " "))
            && !RedactionMarker.containsPlaceholder(value) && !ByteSearch.contains(value, in: RedactionMarker.generic)
    }
}
