import Glibc

/// Writes live answers over drifted recordings (`mockapi drift --update`): each replaced interaction keeps its place
/// and its recorded request, takes the live answer, and is scrubbed by the recorder's rules; the cassette is then
/// checked for every secret involved and saved atomically.
package struct DriftUpdater: Sendable {
    package let redactor: Redactor
    /// Values that must never reach the file: the credentials sent with `--header`.
    package let secrets: [SecretLiteral]
    /// Volatile headers given for the run (`--volatile-header`), besides the built-in ones and the cassette's own.
    package let volatileHeaders: [String]
    /// The mockapi release, noted in each re-recorded interaction; nil: not noted.
    package let version: String?

    package init(redactor: Redactor, secrets: [SecretLiteral], volatileHeaders: [String] = [], version: String? = nil) {
        self.redactor = redactor
        self.secrets = secrets
        self.volatileHeaders = volatileHeaders
        self.version = version
    }

    /// Whether a result is re-recorded: checked, and drifted or too old.
    package static func wants(_ result: DriftResult) -> Bool {
        result.outcome == .checked && result.live != nil && !result.findings.isEmpty
    }

    /// Replaces the interactions of `loaded` at the given indexes with their live versions and saves the file.
    /// An interaction whose live answer is the same in meaning (``KeptRecording``; one chosen only for being older
    /// than `--max-age`) keeps its bytes and takes only the new `recordedAt` and release, so it is no longer old and
    /// its review shows one line. Nothing is written when a secret would remain in it.
    /// - Returns: the cassette as saved.
    @discardableResult
    package func update(_ loaded: LoadedCassette, with replacements: [Int: Interaction]) throws(CassetteError) -> Cassette {
        var cassette = loaded.cassette
        guard !replacements.isEmpty else { return cassette }
        var forbidden = secrets
        let volatile = VolatileHeaders(adding: cassette.volatileHeaders + volatileHeaders)
        for (index, live) in replacements.sorted(by: { $0.key < $1.key }) where cassette.interactions.indices.contains(index) {
            var interaction = live
            interaction.recordedWith = version
            let report = redactor.redact(&interaction, at: "interactions[\(index)]", alsoHiding: secrets)
            forbidden += report.secrets.filter { !forbidden.contains($0) }
            var chosen = KeptRecording.choose(existing: cassette.interactions[index], recorded: interaction, volatile: volatile)
            if chosen != interaction {
                chosen.recordedAt = interaction.recordedAt
                chosen.recordedWith = interaction.recordedWith
            }
            cassette.interactions[index] = chosen
        }
        guard cassette != loaded.cassette else { return cassette }
        let leaks = Redactor.leaks(of: forbidden, in: cassette.fileBytes())
        guard leaks.isEmpty else {
            throw .unwritable(file: loaded.file, reason: "scrubbed values would remain in the file (\(leaks.joined(separator: ", "))); "
                + "nothing was changed")
        }
        try cassette.save(to: loaded.file)
        // The file now holds what a recorder's write-ahead log added (the load folded it in); left, it would be added again.
        let log = WriteAheadLog.path(for: loaded.file)
        if access(log, F_OK) == 0 {
            unlink(log)
            FileIO.syncFolder(FileIO.parent(of: loaded.file))
        }
        return cassette
    }
}
