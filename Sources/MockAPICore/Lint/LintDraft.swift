/// A finding inside one cassette, before the cassette's file and allow-list are applied.
struct LintDraft: Sendable {
    let at: String
    let rule: LintRule
    let message: String
}
