import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// One interaction encoded twice, by its submitter before the commit: as it goes in the cassette file, and for the write-ahead log.
struct EncodedInteraction: Sendable {
    /// Pretty, indented for its place in the cassette's array (``CassetteFileLayout/encode(_:)``).
    let pretty: [UInt8]
    /// Compact, for a write-ahead log line.
    let compact: [UInt8]
}

/// The cassette being recorded, on disk and in memory: its file, which always holds a valid cassette (replaced
/// atomically), and its ``WriteAheadLog``, to which each commit appends and syncs. The write-ahead log is folded into the
/// file when it has grown as large as the file (so the cost of rewriting stays proportional to what was recorded),
/// and when recording ends. Used only by the group commit's leader (one at a time), and by readers of the statistics.
final class DurableCassette: Sendable {
    struct Contents {
        /// Every interaction, those only in the write-ahead log included, laid out as the file will be.
        var layout: CassetteFileLayout
        var statistics: CassetteWriter.Statistics
        /// The write-ahead log, open for appending; nil when there is none.
        var log: ZeroFilledLog?
        var logBytes: Int { log?.end ?? 0 }
        var fileBytes: Int
        /// Set when a failed append could not be undone: the write-ahead log's end is unknown, so nothing more is appended.
        var broken: String?
    }

    let file: String
    let logPath: String
    /// The write-ahead log is folded in once it holds at least this many bytes and as many as the file.
    let foldThreshold: Int
    let locked: Mutex<Contents>

    init(file: String, layout: CassetteFileLayout, statistics: CassetteWriter.Statistics, fileBytes: Int, foldThreshold: Int) {
        self.file = file
        self.logPath = WriteAheadLog.path(for: file)
        self.foldThreshold = foldThreshold
        self.locked = Mutex(Contents(layout: layout, statistics: statistics, fileBytes: fileBytes))
    }

    deinit {
        locked.withLock { $0.log?.close() }
    }

    /// One group commit: the batch's log lines in one write, one sync; on failure the write-ahead log is cut back to
    /// where it was, so it never holds a half line in the middle.
    func commit(_ batch: [EncodedInteraction]) -> [Result<Int, CassetteWriterError>] {
        locked.withLock { (state: inout Contents) -> [Result<Int, CassetteWriterError>] in
            let first = state.layout.count
            let outcome = appendToLog(batch, first: first, state: &state)
            if case .failure(let error) = outcome { return Array(repeating: .failure(error), count: batch.count) }
            state.layout.append(batch.map(\.pretty))
            state.statistics.appended += batch.count
            state.statistics.interactions = state.layout.count
            state.statistics.largestBatch = max(state.statistics.largestBatch, batch.count)
            return (0..<batch.count).map { .success(first + $0) }
        }
    }

    private func appendToLog(_ batch: [EncodedInteraction], first: Int, state: inout Contents) -> Result<Void, CassetteWriterError> {
        if let broken = state.broken { return .failure(.unwritable(file: logPath, reason: broken)) }
        if state.log == nil {
            guard let log = ZeroFilledLog(path: logPath) else {
                return .failure(.unwritable(file: logPath, reason: FileIO.errorText()))
            }
            // The new name must survive a power cut as well as the lines in it.
            FileIO.syncFolder(FileIO.parent(of: logPath))
            state.log = log
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(batch.reduce(0) { $0 + $1.compact.count + 40 })
        for (offset, item) in batch.enumerated() {
            bytes += Array("{\"index\":\(first + offset),\"interaction\":".utf8)
            bytes += item.compact
            bytes += [UInt8(ascii: "}"), UInt8(ascii: "\n")]
        }
        let appended = state.log?.append(bytes)
        switch appended {
        case .success(let written)?:
            state.statistics.writes += 1
            state.statistics.bytesWritten += written
            state.statistics.fileBytes = state.fileBytes + state.logBytes
            return .success(())
        case .failure(let failure)?:
            if !failure.undone {
                state.broken = "an append failed (\(failure.reason)) and could not be undone; restart the recorder"
            }
            return .failure(.unwritable(file: logPath, reason: failure.reason))
        case nil:
            return .failure(.unwritable(file: logPath, reason: "not open"))
        }
    }

    /// Folds the write-ahead log into the file when it has grown large enough; a failure is kept for later, the write-ahead log
    /// still holds everything.
    func foldIfDue() {
        let due = locked.withLock { $0.logBytes >= max(foldThreshold, $0.fileBytes) }
        if due { _ = fold() }
    }

    /// Writes every interaction to the file (atomically) and removes the write-ahead log.
    func fold() -> Result<Void, CassetteWriterError> {
        locked.withLock { (state: inout Contents) -> Result<Void, CassetteWriterError> in
            let written = state.layout.withFileBytes { bytes -> Result<Int, FileIO.Failure> in
                Result { () throws(FileIO.Failure) in
                    try FileIO.writeAtomically(bytes, to: file)
                    return bytes.count
                }
            }
            switch written {
            case .failure(let error):
                return .failure(.unwritable(file: file, reason: error.description))
            case .success(let size):
                // The file now holds what the write-ahead log did: a crash from here on leaves lines the file already has,
                // which loading skips.
                state.log?.close()
                state.log = nil
                unlink(logPath)
                FileIO.syncFolder(FileIO.parent(of: logPath))
                state.broken = nil
                state.fileBytes = size
                state.statistics.folds += 1
                state.statistics.bytesWritten += size
                state.statistics.fileBytes = size
                return .success(())
            }
        }
    }
}
