/// Finds interactions that replay never needs or cannot tell apart, by grouping requests exactly as the replay index
/// does (``RequestNormalizer``, placeholders learned from every cassette linted together).
///
/// Replay answers identical requests in recorded order and then repeats the last answer. So repeated identical
/// requests are a sequence on purpose when their answers differ (204, then 404, then 204), and also when an identical
/// answer comes before a different one (the client sees it twice, then the change). Only a run of identical answers at
/// the end of a sequence adds nothing: the last answer repeats anyway. That run is reported as `duplicate`, unless the
/// cassettes are served with `--strict`, where each recording answers once. Answers are compared by status, headers
/// (except `date`) and body.
///
/// Across cassettes, a request recorded in two of them is answered from the first one loaded until its answers are
/// used up, then from the next: it depends on load order, so it is reported as `ambiguous` at the later cassette when
/// they are served together, and as a `shared-request` note when the answers differ and they may not be.
struct ShadowScanner {
    let cassettes: [LoadedCassette]
    let matchHeaders: [String]
    let strict: Bool

    /// Drafts per cassette, by position in `cassettes`.
    func scan() -> [[LintDraft]] {
        drafts { entries, drafts in
            reportAmbiguity(entries, into: &drafts)
            if !strict { reportDuplicates(entries, into: &drafts) }
            reportSuperseded(entries, into: &drafts)
        }
    }

    /// `shared-request` notes per cassette: a request recorded in two cassettes with different answers.
    func sharedRequests() -> [[LintDraft]] {
        drafts { entries, drafts in reportSharedRequest(entries, into: &drafts) }
    }

    /// Groups the recorded requests as replay keys them, hands each group of more than one to `report`, and returns
    /// the drafts per cassette in file order.
    private func drafts(_ report: ([(cassette: Int, index: Int)], inout [[LintDraft]]) -> Void) -> [[LintDraft]] {
        // The cassettes' own match rules too: with `ignoreBody`, requests that differ only in their bodies are one.
        var normalizer = RequestNormalizer(rules: MatchRules.inForce(MatchRules(matchHeaders: matchHeaders), cassettes: cassettes))
        for loaded in cassettes {
            for interaction in loaded.cassette.interactions { normalizer.learnPlaceholders(from: interaction.request) }
        }
        var groups: [RequestKey: [(cassette: Int, index: Int)]] = [:]
        var order: [RequestKey] = []
        for (cassetteIndex, loaded) in cassettes.enumerated() {
            for (index, interaction) in loaded.cassette.interactions.enumerated() {
                let key = normalizer.key(for: interaction.request, path: interaction.localPath)
                if groups[key] == nil { order.append(key) }
                groups[key, default: []].append((cassetteIndex, index))
            }
        }
        var drafts = Array(repeating: [LintDraft](), count: cassettes.count)
        for key in order {
            guard let entries = groups[key], entries.count > 1 else { continue }
            report(entries, &drafts)
        }
        for index in drafts.indices {
            drafts[index].sort { ShadowScanner.position($0.at) < ShadowScanner.position($1.at) }
        }
        return drafts
    }

    /// The first recording of a request in a later cassette whose answer differs from the first cassette's: served
    /// through the plain URL, the first cassette answers it. Named at the later one, with the ways out.
    private func reportSharedRequest(_ entries: [(cassette: Int, index: Int)], into drafts: inout [[LintDraft]]) {
        guard let first = entries.first else { return }
        var reported: Set<Int> = [first.cassette]
        for entry in entries where !reported.contains(entry.cassette) {
            reported.insert(entry.cassette)
            let earlier = interaction(first), later = interaction(entry)
            guard !ShadowScanner.sameAnswer(earlier.response, later.response) else { continue }
            let apart = ShadowScanner.headerTellingApart(earlier.request, later.request)
            let how = later.response.status == earlier.response.status
                ? "other headers or body" : "status \(later.response.status) here, \(earlier.response.status) there"
            drafts[entry.cassette].append(LintDraft(
                at: "interactions[\(entry.index)]", rule: .sharedRequest,
                message: "\(ShadowScanner.describe(later)) is also recorded in \(cassettes[first.cassette].file) "
                    + "interactions[\(first.index)] with another answer (\(how)); served together through the plain URL, "
                    + "that one answers it. Give the tests each cassette's scoped URL "
                    + "(\(ScopeName.path(for: cassettes[entry.cassette].name))/…), or tell the requests apart with "
                    + "--match-header \(apart ?? "NAME") (serve and lint)"))
        }
    }

    /// A header the two recorded requests differ in (present in one only, or with other values), `authorization`
    /// first: matching it tells them apart.
    static func headerTellingApart(_ a: RecordedRequest, _ b: RecordedRequest) -> String? {
        var names: [String] = []
        for field in a.headers.fields + b.headers.fields where !names.contains(field.name.lowercased()) {
            names.append(field.name.lowercased())
        }
        let differing = names.filter { a.headers.values($0) != b.headers.values($0) }
        return differing.contains("authorization") ? "authorization" : differing.first
    }

    private func reportAmbiguity(_ entries: [(cassette: Int, index: Int)], into drafts: inout [[LintDraft]]) {
        guard let first = entries.first else { return }
        var reported: Set<Int> = [first.cassette]
        for entry in entries where !reported.contains(entry.cassette) {
            reported.insert(entry.cassette)
            let earlier = interaction(first)
            let later = interaction(entry)
            let same = ShadowScanner.sameAnswer(earlier.response, later.response)
            drafts[entry.cassette].append(LintDraft(
                at: "interactions[\(entry.index)]", rule: .ambiguous,
                message: "\(ShadowScanner.describe(later)) is also recorded in \(cassettes[first.cassette].file) "
                    + "interactions[\(first.index)] (\(same ? "same answer" : "a different answer")); served together, that "
                    + "one answers first and this one only after it; keep each request in one cassette, or serve them apart"))
        }
    }

    private func reportDuplicates(_ entries: [(cassette: Int, index: Int)], into drafts: inout [[LintDraft]]) {
        for cassetteIndex in Set(entries.map(\.cassette)) {
            let sequence = entries.filter { $0.cassette == cassetteIndex }
            guard let last = sequence.last, sequence.count > 1 else { continue }
            var start = sequence.count - 1
            while start > 0, ShadowScanner.sameAnswer(interaction(sequence[start - 1]).response, interaction(last).response) {
                start -= 1
            }
            for entry in sequence[(start + 1)...] {
                let kept = sequence[start]
                drafts[cassetteIndex].append(LintDraft(
                    at: "interactions[\(entry.index)]", rule: .duplicate,
                    message: "duplicate of interactions[\(kept.index)] (\(ShadowScanner.describe(interaction(entry)))): "
                        + "same request, same answer, and nothing different after it; replay repeats the last answer anyway, "
                        + "so remove it (or lint with --strict if the cassette is served with --strict)"))
            }
        }
    }

    /// Recordings more than this many seconds apart were made in different sessions.
    static let sessionGap: Double = 3600

    /// An identical request recorded again in a later session with another answer: the earlier recording is reported,
    /// since replay gives it first (a `mockapi record --mode new` after the API changed, or `--record-missing`).
    private func reportSuperseded(_ entries: [(cassette: Int, index: Int)], into drafts: inout [[LintDraft]]) {
        for cassetteIndex in Set(entries.map(\.cassette)) {
            let sequence = entries.filter { $0.cassette == cassetteIndex }
            for (position, older) in sequence.enumerated() {
                let old = interaction(older)
                guard let oldTime = old.recordedAt.flatMap(JournalEntry.seconds(fromISO8601:)) else { continue }
                let newer = sequence[(position + 1)...].last { entry in
                    let new = interaction(entry)
                    guard let time = new.recordedAt.flatMap(JournalEntry.seconds(fromISO8601:)) else { return false }
                    return time - oldTime > ShadowScanner.sessionGap && !ShadowScanner.sameAnswer(old.response, new.response)
                }
                guard let newer, let newTime = interaction(newer).recordedAt else { continue }
                drafts[cassetteIndex].append(LintDraft(
                    at: "interactions[\(older.index)]", rule: .superseded,
                    message: "\(ShadowScanner.describe(old)) recorded at \(old.recordedAt ?? "") was recorded again at \(newTime) "
                        + "(interactions[\(newer.index)]) with another answer; replay gives this older one first. Remove it if "
                        + "the API changed (or record afresh: mockapi record --mode all), or allow it if the sequence is meant"))
            }
        }
    }

    private func interaction(_ entry: (cassette: Int, index: Int)) -> Interaction {
        cassettes[entry.cassette].cassette.interactions[entry.index]
    }

    /// Status, body and headers but `date` (each recording has its own) are the same.
    static func sameAnswer(_ lhs: RecordedResponse, _ rhs: RecordedResponse) -> Bool {
        func headers(_ response: RecordedResponse) -> [HTTPHeaders.Field] {
            response.headers.fields.filter { !$0.name.equalsIgnoringASCIICase("date") }
        }
        return lhs.status == rhs.status && lhs.body.bytes == rhs.body.bytes && headers(lhs) == headers(rhs)
    }

    /// `GET /search?q=x`
    static func describe(_ interaction: Interaction) -> String {
        let target = interaction.request.query.map { "\(interaction.localPath)?\($0)" } ?? interaction.localPath
        return "\(interaction.request.method) \(target)"
    }

    /// The interaction number in `interactions[12]…`, for sorting drafts in file order.
    static func position(_ at: String) -> Int {
        guard at.hasPrefix("interactions["), let close = at.firstIndex(of: "]") else { return -1 }
        return Int(at[at.index(at.startIndex, offsetBy: 13)..<close]) ?? -1
    }
}
