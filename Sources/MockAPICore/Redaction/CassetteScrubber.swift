import Glibc

/// Applies redaction rules to cassette files in place (`mockapi scrub`): the same ``Redactor`` the recorder uses, so
/// a scrubbed cassette is what recording with those rules would have written. Idempotent: placeholders are never
/// scrubbed again, so a second run changes nothing. Values the cassette's `lint.allow` list acknowledges are kept, as
/// lint accepts them, and the text a person wrote (`source`, the allowances' reasons) is neither scrubbed nor searched.
///
/// A file is rewritten only when something changed, atomically (a crash leaves the old file or the new one), and only
/// after checking that no scrubbed value is left in the bytes. The journal an interrupted recorder left beside it is
/// folded in and removed, so no unscrubbed copy stays on disk. Do not scrub a cassette a recorder is writing to.
package struct CassetteScrubber: Sendable {
    package struct Options: Sendable {
        package var rules: RedactionRules
        /// Also store base64 bodies that are UTF-8 text or JSON readably, as `{"text": …}` or `{"json": …}`.
        package var readableBodies: Bool
        /// Report what would change; write nothing.
        package var dryRun: Bool

        package init(rules: RedactionRules = .standard, readableBodies: Bool = false, dryRun: Bool = false) {
            self.rules = rules
            self.readableBodies = readableBodies
            self.dryRun = dryRun
        }
    }

    /// What scrubbing one file did.
    package struct Outcome: Sendable {
        package let file: String
        /// Each change: where (`interactions[3] request header authorization`) and which rule; never a value.
        package let changes: [RedactionReport.Change]
        /// Requests the scrubbing made one (they differed only in scrubbed values).
        package let merges: [RedactionMerge]
        /// Whether the file was rewritten (false when nothing changed, or on a dry run).
        package let written: Bool
        /// Whether a recorder's journal was folded into the file and removed.
        package let foldedWriteAheadLog: Bool
    }

    package let options: Options

    package init(options: Options) {
        self.options = options
    }

    package func scrub(file: String) throws(CassetteError) -> Outcome {
        var cassette = try Cassette.load(file: file)
        let report = Redactor(rules: options.rules).redact(&cassette)
        var changes = report.changes
        if options.readableBodies { changes += CassetteScrubber.makeBodiesReadable(&cassette) }
        guard !changes.isEmpty, !options.dryRun else {
            return Outcome(file: file, changes: changes, merges: report.merges, written: false, foldedWriteAheadLog: false)
        }
        // What a person wrote (the source line, the reasons of lint.allow) is not scrubbed, and may name an invented value.
        var recorded = cassette
        recorded.source = nil
        recorded.lintAllowances = []
        let leaks = Redactor.leaks(of: report.secrets, in: recorded.fileBytes())
        guard leaks.isEmpty else {
            throw .unwritable(file: file, reason: "scrubbed values would remain in the file (\(leaks.joined(separator: ", "))); nothing was changed")
        }
        try cassette.save(to: file)
        let journal = WriteAheadLog.path(for: file)
        let folded = access(journal, F_OK) == 0
        if folded {
            // The file now holds every journalled interaction, scrubbed; the journal would keep the secrets on disk.
            unlink(journal)
            FileIO.syncFolder(FileIO.parent(of: file))
        }
        return Outcome(file: file, changes: changes, merges: report.merges, written: true, foldedWriteAheadLog: folded)
    }

    /// Re-stores base64 bodies that are UTF-8 as text or JSON (the bytes replayed do not change).
    static func makeBodiesReadable(_ cassette: inout Cassette) -> [RedactionReport.Change] {
        var changes: [RedactionReport.Change] = []
        for index in cassette.interactions.indices {
            for side in ["request", "response"] {
                let body = side == "request" ? cassette.interactions[index].request.body : cassette.interactions[index].response.body
                guard case .binary(let bytes) = body else { continue }
                let readable = Body(bytes: bytes)
                let kind: String
                switch readable {
                case .json: kind = "json"
                case .text: kind = "text"
                case .none, .binary, .chunks: continue
                }
                if side == "request" { cassette.interactions[index].request.body = readable } else {
                    cassette.interactions[index].response.body = readable
                }
                changes.append(RedactionReport.Change(location: "interactions[\(index)] \(side) body", rule: "readable body (base64 → \(kind))"))
            }
        }
        return changes
    }
}
