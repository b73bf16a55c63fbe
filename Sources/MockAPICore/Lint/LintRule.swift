/// What `mockapi lint` checks. The raw value is the name printed with each finding and used in a cassette's
/// allow-list (``LintAllowance``).
package enum LintRule: String, Sendable, CaseIterable, Comparable {
    /// A header that the recorder scrubs (`authorization`, `cookie`, `set-cookie`, `x-api-key`, …) holds a value.
    case secretHeader = "secret-header"
    /// A query or form parameter that the recorder scrubs (`access_token`, `client_secret`, `key`, …) holds a value.
    case secretQuery = "secret-query"
    /// A JSON field that the recorder scrubs (`$..access_token`, `$..password`, a `*token*` member holding what could
    /// be a credential) holds a value.
    case secretField = "secret-field"
    /// A value shaped like a credential (a GitHub token, a JWT, an AWS key, `Bearer …`) appears, wherever it is.
    case secretShape = "secret-shape"
    /// The value of an environment variable named with `--secret-env` appears somewhere.
    case secretValue = "secret-value"
    /// Two different requests of one cassette would become one if it were scrubbed: they differ only in values the
    /// recorder scrubs.
    case scrubMerge = "scrub-merge"
    /// The same request with the same answer as the interaction before it, at the end of its replay sequence: replay
    /// repeats the last answer anyway, so it is never needed.
    case duplicate = "duplicate"
    /// The same request recorded in two sessions of one cassette (`recordedAt` more than an hour apart) with different
    /// answers: a re-recording appended instead of replacing, so replay gives the older answer first.
    case superseded = "superseded"
    /// The same request is recorded in two cassettes served together through the plain URL (`--served-together`):
    /// which answers depends on the order the cassettes load in.
    case ambiguous = "ambiguous"
    /// The same request is recorded in two of the cassettes linted together with different answers: served together
    /// through the plain URL, the first loaded answers it. A note (without `--served-together`): served at scoped URLs,
    /// one cassette per test, that is by design.
    case sharedRequest = "shared-request"
    /// A body stored as base64 that is UTF-8 text or JSON, unreadable in diffs and invisible to redaction.
    case base64Text = "base64-text"
    /// An entry of a cassette's `lint.allow` list that covers no finding.
    case unusedAllowance = "unused-allowance"
    /// A write-ahead log a killed recorder left beside the cassette (``LeftoverLog``): it holds interactions the file
    /// does not, and is hidden from `git add`'s reader.
    case leftoverLog = "leftover-log"
    /// A recorded answer header with an empty value, which replay leaves out (``UnsentHeaders``). A note: the
    /// cassette is right, the engine cannot send it, so it does not fail lint.
    case emptyHeader = "empty-header"

    /// One line for `--help`.
    package var summary: String {
        switch self {
        case .secretHeader: "a header the recorder scrubs (authorization, cookie, x-api-key, …) is not redacted"
        case .secretQuery: "a query or form parameter the recorder scrubs (access_token, client_secret, …) is not redacted"
        case .secretField: "a JSON field the recorder scrubs (access_token, password, a *token* field holding a credential) is not redacted"
        case .secretShape: "a credential-shaped value (GitHub token, JWT, AWS key, Bearer value, …) appears"
        case .secretValue: "the value of a --secret-env variable appears"
        case .scrubMerge: "scrubbing would make two different requests one (they differ only in a scrubbed value)"
        case .duplicate: "same request, same answer as the one before it, at the end of its replay sequence"
        case .superseded: "the same request was recorded again later (another session) with another answer; replay gives the older first"
        case .ambiguous: "the same request is recorded in two cassettes served together (with --served-together)"
        case .sharedRequest: "note, not a failure: the same request is recorded in two cassettes with different answers"
        case .base64Text: "a body stored as base64 is really UTF-8 text or JSON"
        case .unusedAllowance: "an entry of a cassette's lint.allow list covers no finding"
        case .leftoverLog: "a killed recorder's write-ahead log (.NAME.json.wal) holds interactions the cassette file does not"
        case .emptyHeader: "note, not a failure: an answer header with an empty value, which replay cannot send"
        }
    }

    /// Reported without failing lint: a limit of replay, or a layout that is right when served one way and wrong
    /// when served another, not a fault of the cassette.
    package var isNote: Bool { notePhrase != nil }

    /// What a note tells, for the summary (`1 note on what replay cannot send`); nil for a rule that is no note.
    package var notePhrase: String? {
        switch self {
        case .emptyHeader: "on what replay cannot send"
        case .sharedRequest: "on a request two cassettes answer differently"
        default: nil
        }
    }

    package static func < (lhs: LintRule, rhs: LintRule) -> Bool {
        allCases.firstIndex(of: lhs) ?? 0 < allCases.firstIndex(of: rhs) ?? 0
    }
}
