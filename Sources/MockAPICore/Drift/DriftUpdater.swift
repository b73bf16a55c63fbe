import Glibc

/// Writes live answers over drifted recordings (`mockapi drift --update`): each replaced interaction keeps its place
/// and its recorded request, takes the live answer, and is scrubbed by the recorder's rules; the cassette is then
/// checked for every secret involved and saved atomically.
package struct DriftUpdater: Sendable {
    package let redactor: Redactor
    /// Values that must never reach the file: the credentials sent with `--header`.
    package let secrets: [SecretLiteral]

    package init(redactor: Redactor, secrets: [SecretLiteral]) {
        self.redactor = redactor
        self.secrets = secrets
    }

    /// Whether a result is re-recorded: checked, and drifted or too old.
    package static func wants(_ result: DriftResult) -> Bool {
        result.outcome == .checked && result.live != nil && !result.findings.isEmpty
    }

    /// Replaces the interactions of `loaded` at the given indexes with their live versions and saves the file.
    /// Nothing is written when a secret would remain in it.
    package func update(_ loaded: LoadedCassette, with replacements: [Int: Interaction]) throws(CassetteError) {
        guard !replacements.isEmpty else { return }
        var cassette = loaded.cassette
        var forbidden = secrets
        for (index, live) in replacements.sorted(by: { $0.key < $1.key }) where cassette.interactions.indices.contains(index) {
            var interaction = live
            let report = redactor.redact(&interaction, at: "interactions[\(index)]", alsoHiding: secrets)
            forbidden += report.secrets.filter { !forbidden.contains($0) }
            cassette.interactions[index] = interaction
        }
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
    }
}
