import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// Appends recorded interactions to one cassette file, durably: ``append(_:forbidding:)`` returns only once the
/// interaction is in the file on disk (written to a temporary file, flushed, renamed over the cassette, folder
/// flushed), so the file is a complete, loadable cassette at every moment, whatever kills the process.
///
/// Appends that arrive while a write is in progress are written together by the next one (group commit): with N
/// concurrent clients, one sync serves up to N interactions. Each write replaces the whole file, so its cost grows
/// with the cassette; keep a cassette to one scenario (hundreds of interactions, not hundreds of thousands).
public final class CassetteWriter: Sendable {
    public struct Statistics: Sendable, Equatable {
        /// Interactions in the cassette now, those it held before recording included.
        public var interactions = 0
        /// Interactions this writer added.
        public var appended = 0
        /// Whole-file writes (each followed by a sync).
        public var writes = 0
        /// Bytes written by all of them.
        public var bytesWritten = 0
        /// The size of the cassette file now.
        public var fileBytes = 0
        /// The most interactions one write carried.
        public var largestBatch = 0
    }

    /// How an existing file at the path is treated.
    public enum Mode: Sendable {
        /// Keep its interactions and add to them (it must be a valid cassette).
        case append
        /// Start an empty cassette in its place.
        case overwrite
    }

    public let file: String
    /// Interactions already in the file when the writer opened it.
    public let existingInteractions: Int
    private let state: CassetteFileState
    private let committer: GroupCommitter<[UInt8], Int, CassetteWriterError>

    /// Opens the cassette, creating it (and its folders) as an empty cassette if it does not exist, so that a
    /// folder that cannot be written fails now rather than at the first request.
    /// - Parameters:
    ///   - forbidding: secrets that must not already be in an existing cassette (`--redact-env` values).
    ///   - maximumBatch: the most interactions one write carries; 1 syncs once per interaction.
    public init(file: String, mode: Mode = .append, source: String? = nil, forbidding secrets: [SecretLiteral] = [],
                maximumBatch: Int = .max) throws(CassetteWriterError) {
        CassetteWriter.removeStaleTemporaryFiles(of: file)
        var existing: Cassette?
        if mode == .append, FileManager.default.fileExists(atPath: file) {
            do { existing = try Cassette.load(file: file) } catch { throw .existingUnreadable(error) }
        }
        var layout = CassetteFileLayout(source: existing?.source ?? source)
        _ = layout.append((existing?.interactions ?? []).map(CassetteFileLayout.encode))
        var statistics = Statistics()
        statistics.interactions = layout.count
        let leaks = layout.withFileBytes { Redactor.leaks(of: secrets, in: $0) }
        guard leaks.isEmpty else { throw .wouldLeak(file: file, secrets: leaks) }
        statistics.fileBytes = layout.withFileBytes { $0.count }
        if existing == nil {
            let written = layout.withFileBytes { bytes in
                Result { () throws(FileIO.Failure) in
                    try FileIO.createFolder(FileIO.parent(of: file))
                    try FileIO.writeAtomically(bytes, to: file)
                }
            }
            if case .failure(let error) = written { throw .unwritable(file: file, reason: error.description) }
        }
        self.file = file
        self.existingInteractions = layout.count
        let state = CassetteFileState(file: file, layout: layout, statistics: statistics)
        self.state = state
        self.committer = GroupCommitter(label: "mockapi.cassette-writer", maximumBatch: maximumBatch) { batch in
            state.write(batch)
        }
    }

    /// Adds an interaction and returns its index in the cassette once it is on disk.
    /// - Parameter secrets: values that must not appear in the bytes written (a ``RedactionReport``'s secrets and the
    ///   `--redact-env` values); if one does, nothing is written and ``CassetteWriterError/wouldLeak(file:secrets:)``
    ///   is thrown.
    public func append(_ interaction: Interaction, forbidding secrets: [SecretLiteral] = []) async throws(CassetteWriterError) -> Int {
        // Encoding and checking run in the caller's task, in parallel; only the write is serialised.
        let encoded = CassetteFileLayout.encode(interaction)
        var leaks = Redactor.leaks(of: secrets, in: encoded)
        for body in [interaction.request.body, interaction.response.body] {
            if case .binary(let bytes) = body { leaks += Redactor.leaks(of: secrets, in: bytes) }
        }
        guard leaks.isEmpty else { throw .wouldLeak(file: file, secrets: Array(Set(leaks)).sorted()) }
        return try await committer.submit(encoded)
    }

    public var statistics: Statistics { state.locked.withLock { $0.statistics } }

    /// Removes what a killed writer left behind: the temporary files of ``FileIO/writeAtomically(_:to:mode:)`` for
    /// this cassette (`.NAME.tmp-PID-…`) whose process is gone. Hidden, but `git add` would pick them up.
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

    /// Returns once every append made before the call is on disk.
    public func flush() async {
        await committer.flush()
    }

}

/// The cassette as laid out in memory, and what was written; touched by the commit thread and by readers of the
/// statistics.
private final class CassetteFileState: Sendable {
    let file: String
    struct Contents {
        var layout: CassetteFileLayout
        var statistics: CassetteWriter.Statistics
    }

    let locked: Mutex<Contents>

    init(file: String, layout: CassetteFileLayout, statistics: CassetteWriter.Statistics) {
        self.file = file
        self.locked = Mutex(Contents(layout: layout, statistics: statistics))
    }

    /// One group commit: lay the batch out after what is there, replace the file, and roll back if that failed.
    func write(_ batch: [[UInt8]]) -> [Result<Int, CassetteWriterError>] {
        locked.withLock { (state: inout Contents) -> [Result<Int, CassetteWriterError>] in
            let mark = state.layout.append(batch)
            let outcome = state.layout.withFileBytes { bytes -> Result<Int, CassetteWriterError> in
                do throws(FileIO.Failure) { try FileIO.writeAtomically(bytes, to: file) } catch {
                    return .failure(.unwritable(file: file, reason: error.description))
                }
                return .success(bytes.count)
            }
            switch outcome {
            case .success(let size):
                state.statistics.writes += 1
                state.statistics.bytesWritten += size
                state.statistics.fileBytes = size
                state.statistics.appended += batch.count
                state.statistics.interactions = state.layout.count
                state.statistics.largestBatch = max(state.statistics.largestBatch, batch.count)
                return (0..<batch.count).map { .success(mark.count + $0) }
            case .failure(let error):
                state.layout.rollBack(to: mark)
                return Array(repeating: .failure(error), count: batch.count)
            }
        }
    }
}
