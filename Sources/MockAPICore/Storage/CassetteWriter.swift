import Foundation
import MockAPIJSON
import Synchronization
import Glibc

/// Appends recorded interactions to one cassette, durably: ``append(_:forbidding:)`` returns only once the
/// interaction is on disk, appended to the cassette's ``WriteAheadLog`` and synced. The cassette file itself is
/// replaced atomically whenever it changes, so it is a valid cassette at every moment; ``Cassette/load(file:)`` adds
/// what the write-ahead log holds, so a recorder killed at any moment loses no interaction whose answer went out.
///
/// Appends that arrive while a sync is in progress are written together by the next one (group commit): with N
/// concurrent clients, one sync serves up to N interactions. The write-ahead log is folded into the file when it is as large
/// as the file (while appends go on), and by ``finish()``; after a clean finish there is no write-ahead log, only the
/// cassette.
package final class CassetteWriter: Sendable {
    package struct Statistics: Sendable, Equatable {
        /// Interactions in the cassette now, those it held before recording included.
        package var interactions = 0
        /// Interactions this writer added.
        package var appended = 0
        /// Write-ahead log appends, each followed by a sync.
        package var writes = 0
        /// Times the write-ahead log was folded into the cassette file (an atomic rewrite of the whole file).
        package var folds = 0
        /// Bytes of interactions written by all of them: log lines and file rewrites, not the zeros the log keeps ahead
        /// of its end.
        package var bytesWritten = 0
        /// The size of the cassette file and its write-ahead log now (the log's lines, without the zeros ahead of them).
        package var fileBytes = 0
        /// The most interactions one write carried.
        var largestBatch = 0
    }

    package let file: String
    /// Interactions already in the cassette when the writer opened it.
    package let existingInteractions: Int
    private let state: DurableCassette
    private let committer: GroupCommitter<EncodedInteraction, Int, CassetteWriterError>
    /// Runs work that need not delay an answer later on the calling thread, or says it cannot (the initializer's
    /// `later`).
    private let later: Later

    /// Schedules work to run on the calling thread once what it is doing now is done, and returns true; or returns
    /// false, and the caller does the work now.
    package typealias Later = @Sendable (_ work: @escaping @Sendable () -> Void) -> Bool

    /// Opens the cassette, creating it (and its folders) as an empty cassette if it does not exist, so that a folder
    /// that cannot be written fails now rather than at the first request. The write-ahead log a killed recorder left is
    /// folded in first.
    /// - Parameters:
    ///   - forbidding: secrets that must not already be in an existing cassette (`--redact-env` values).
    ///   - maximumBatch: the most interactions one write carries; 1 syncs once per interaction.
    ///   - foldThreshold: the write-ahead log is folded into the file once it has at least this many bytes (and as many as
    ///     the file).
    ///   - later: where an appended interaction's pretty form for the file is written, once it is on disk: on the
    ///     appending thread after the caller is done with what it was doing (the recorder: answering the client), or,
    ///     when that cannot be scheduled (the default), by the append before it returns.
    ///   - replacing: the cassette a new recording (``CassetteWriteMode/overwrite``) replaces: its top-level members
    ///     (source, lint, match rules, volatile headers) are kept.
    package init(file: String, mode: CassetteWriteMode = .append, source: String? = nil, replacing previous: Cassette? = nil,
                forbidding secrets: [SecretLiteral] = [], maximumBatch: Int = .max, foldThreshold: Int = 1 << 20,
                later: @escaping Later = { _ in false })
        throws(CassetteWriterError)
    {
        let log = WriteAheadLog.path(for: file)
        CassetteWriter.removeStaleTemporaryFiles(of: file)
        CassetteWriter.removeStaleTemporaryFiles(of: log)
        var existing: Cassette?
        if mode == .append, FileManager.default.fileExists(atPath: file) {
            do { existing = try Cassette.load(file: file) } catch { throw .existingUnreadable(error) }
        }
        let top = existing ?? previous
        var layout = CassetteFileLayout(
            source: top?.source ?? source, lintAllowances: top?.lintAllowances ?? [], matchRules: top?.matchRules ?? .exact,
            volatileHeaders: top?.volatileHeaders ?? [])
        layout.append((existing?.interactions ?? []).map(CassetteFileLayout.encode))
        let leaks = layout.withFileBytes { Redactor.leaks(of: secrets, in: $0) }
        guard leaks.isEmpty else { throw .wouldLeak(file: file, secrets: leaks) }
        var statistics = Statistics()
        statistics.interactions = layout.count
        statistics.fileBytes = layout.withFileBytes { $0.count }
        let hadLog = access(log, F_OK) == 0
        if existing == nil || hadLog {
            // A new file, or the file with the write-ahead log folded in; the write-ahead log goes once the file holds it all.
            let written = layout.withFileBytes { bytes in
                Result { () throws(FileIO.Failure) in
                    try FileIO.createFolder(FileIO.parent(of: file))
                    if existing == nil { unlink(log) }
                    try FileIO.writeAtomically(bytes, to: file)
                    unlink(log)
                    FileIO.syncFolder(FileIO.parent(of: file))
                }
            }
            if case .failure(let error) = written { throw .unwritable(file: file, reason: error.description) }
        }
        self.file = file
        self.existingInteractions = layout.count
        let state = DurableCassette(
            file: file, layout: layout, statistics: statistics, fileBytes: statistics.fileBytes, foldThreshold: foldThreshold)
        self.state = state
        self.later = later
        self.committer = GroupCommitter(
            label: "mockapi.cassette-writer", maximumBatch: maximumBatch,
            afterCommit: { () -> (@Sendable () -> Void)? in
                // A failed fold is tried again after a later commit; the write-ahead log still holds everything.
                guard state.isFoldDue else { return nil }
                return { _ = state.fold() }
            },
            commit: { batch in state.commit(batch) })
    }

    /// Adds an interaction and returns its index in the cassette once it is on disk.
    /// - Parameter secrets: values that must not appear in the bytes written (a ``RedactionReport``'s secrets and the
    ///   `--redact-env` values); if one does, nothing is written and ``CassetteWriterError/wouldLeak(file:secrets:)``
    ///   is thrown.
    package func append(_ interaction: Interaction, forbidding secrets: [SecretLiteral] = []) async throws(CassetteWriterError) -> Int {
        // Encoding and checking run in the caller's task, in parallel; only the write is serialised. Encoded once, as
        // the compact log line; the file's pretty form is written after the commit (``DurableCassette``).
        let encoded = EncodedInteraction(interaction: interaction, compact: interaction.compactBytes(), forbidding: secrets)
        var leaks = Redactor.leaks(of: secrets, in: encoded.compact)
        for body in [interaction.request.body, interaction.response.body] {
            switch body {
            case .binary(let bytes): leaks += Redactor.leaks(of: secrets, in: bytes)
            // A secret split between two chunks is in no one chunk's JSON string: looked for in the joined bytes.
            case .chunks(let chunked): leaks += Redactor.leaks(of: secrets, in: chunked.bytes)
            default: break
            }
        }
        guard leaks.isEmpty else { throw .wouldLeak(file: file, secrets: Array(Set(leaks)).sorted()) }
        let index = try await committer.submit(encoded)
        let state = self.state
        if !later({ state.layOut(at: index) }) { state.layOut(at: index) }
        return index
    }

    package var statistics: Statistics { state.locked.withLock { $0.statistics } }

    /// Returns once every append made before the call is on disk and a fold in progress has ended.
    package func flush() async {
        await committer.perform {}
    }

    /// Waits for appends in progress, then folds the write-ahead log into the cassette file, so that the file alone holds
    /// the whole recording. The writer can go on appending afterwards.
    package func finish() async throws(CassetteWriterError) {
        let state = self.state
        try await committer.perform { state.fold() }.get()
    }

    /// Removes what a killed writer left behind: the temporary files of ``FileIO/writeAtomically(_:to:mode:)`` for
    /// this cassette or its write-ahead log (`.NAME.tmp-PID-…`) whose process is gone. Hidden, but `git add` would pick
    /// them up.
    static func removeStaleTemporaryFiles(of file: String) {
        let folder = FileIO.parent(of: file)
        let prefix = ".\(FileIO.basename(of: file)).tmp-"
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
        for name in names where name.hasPrefix(prefix) {
            guard let pid = Int32(name.dropFirst(prefix.count).prefix { $0 != "-" }), pid != getpid(),
                kill(pid, 0) != 0, errno == ESRCH
            else { continue }
            unlink(folder + "/" + name)
        }
    }
}
