@testable import MockAPICore
import MockAPIJSON
import Testing

/// The one decision on masked values (``CredentialValue/isMaskedOrEmpty(_:)``), as record, import, scrub and lint ask
/// it: by exact name, by fragment, in headers, parameters and JSON.
struct MaskedValueDecisionTests {
    @Test(arguments: ["********", "xxxxxxxx", "XXXX", "x", "<redacted>", "<GITHUB_TOKEN>", "token ********", " *** "])
    func maskedValues_areNoCredentials(_ value: String) {
        let rules = RedactionRules.standard
        #expect(!rules.scrubsHeader("Authorization", value: value))
        #expect(!rules.scrubsParameter("client_secret", value: value))
        #expect(rules.jsonRule(at: [.member("secret")], value: .string(value)) == nil)
    }

    @Test(arguments: ["********a", "xoxb-1234", "Xx9*", "token s3cr3t-value"])
    func valuesThatOnlyLookMasked_areStillScrubbedByName(_ value: String) {
        let rules = RedactionRules.standard
        #expect(rules.scrubsHeader("Authorization", value: value))
        #expect(rules.scrubsParameter("client_secret", value: value))
    }
}
