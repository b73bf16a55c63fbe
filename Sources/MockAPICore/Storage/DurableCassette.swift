import Glibc

/// One interaction as its submitter hands it to the writer: its compact JSON for the write-ahead log line, and its
/// bytes in the file's pretty form when the submitter has them (kept from an earlier recording), else the interaction,
/// laid out by the writer after the commit, off the path of the answer that waits for it.
struct EncodedInteraction: Sendable {
    let interaction: Interaction
    /// ``Interaction/compactBytes()``.
    let compact: [UInt8]
    /// The interaction's bytes in the file (``CassetteFileLayout/encode(_:)`` or bytes kept from the file), or nil.
    let fileBytes: [UInt8]?
    /// Values that must not be in the interaction's bytes: checked in the compact form before the commit, and in the
    /// pretty form when it is laid out.
    let forbidding: [SecretLiteral]
}

/// The cassette being recorded, on disk: its file, which always holds a valid cassette (replaced atomically), and its
/// ``WriteAheadLog``, to which each commit appends and syncs. Committed interactions wait in the file's form
/// (``pending``) until a fold (``DurableCassette+Fold``) writes them into the file.
///
/// Owned by the writer's thread (``CassetteWriterThread``) and used by it alone, so it needs no lock: nothing another
/// thread waits on is ever held across its writes and syncs. What others read is the ``statistics`` the thread
/// publishes.
final class DurableCassette {
    let file: String
    let logPath: String
    /// The write-ahead log is folded in once the interactions waiting for the file take at least this many bytes and as
    /// many as the file, or ``pendingLimit``.
    let foldThreshold: Int
    /// The most bytes of interactions kept in memory for the next fold, however large the file: what bounds the
    /// recorder's memory.
    let pendingLimit: Int
    /// Runs before each write-ahead log write and sync (tests slow it to hold a sync).
    let beforeSync: (@Sendable () -> Void)?

    /// Interactions in the file.
    var fileCount: Int
    var fileBytes: Int
    /// Committed interactions not in the file yet, in order: their bytes in the file, or why they cannot be written
    /// there (they stay in the write-ahead log, and the fold reports it).
    var pending: [Result<[UInt8], CassetteWriterError>] = []
    var pendingBytes = 0
    /// The write-ahead log, open for appending; nil when there is none.
    var log: ZeroFilledLog?
    /// Set when a failed append could not be undone: the write-ahead log's end is unknown, so nothing more is appended.
    var broken: String?
    /// The fold in progress, and how many of ``pending`` it writes.
    var fold: (file: StreamingFold, count: Int)?
    /// While a fold runs: the lines appended to the write-ahead log since it started, which the file it writes does
    /// not hold. They become the write-ahead log that replaces the old one.
    var linesSinceFold: [UInt8] = []
    var statistics: CassetteWriter.Statistics

    /// Committed interactions not yet laid out (``layOut(_:)``): between a commit and its layout, a few at most.
    var committed = 0

    /// Every interaction, those only in the write-ahead log included.
    var count: Int { fileCount + pending.count + committed }

    init(opened: OpenedCassette, foldThreshold: Int, pendingLimit: Int, beforeSync: (@Sendable () -> Void)?) {
        self.file = opened.file
        self.logPath = WriteAheadLog.path(for: opened.file)
        self.foldThreshold = foldThreshold
        self.pendingLimit = pendingLimit
        self.beforeSync = beforeSync
        self.fileCount = opened.count
        self.fileBytes = opened.bytes
        self.statistics = CassetteWriter.Statistics(interactions: opened.count, fileBytes: opened.bytes)
    }

    deinit {
        log?.close()
    }

    /// One group commit: the batch's log lines in one write, one sync. Returns the index of the batch's first
    /// interaction. On failure the write-ahead log is cut back to where it was, so it never holds a half line in the
    /// middle. The batch is durable when this returns: its submitters can be answered before ``layOut(_:)`` keeps it
    /// for the next fold.
    func commit(_ batch: [EncodedInteraction]) -> Result<Int, CassetteWriterError> {
        let first = count
        var bytes: [UInt8] = []
        bytes.reserveCapacity(batch.reduce(0) { $0 + $1.compact.count + 40 })
        for (offset, item) in batch.enumerated() {
            bytes += Array("{\"index\":\(first + offset),\"interaction\":".utf8)
            bytes += item.compact
            bytes += [UInt8(ascii: "}"), UInt8(ascii: "\n")]
        }
        if case .failure(let error) = appendToLog(bytes) {
            statistics.lastFailure = error.description
            return .failure(error)
        }
        statistics.appended += batch.count
        statistics.interactions = first + batch.count
        statistics.largestBatch = max(statistics.largestBatch, batch.count)
        committed += batch.count
        return .success(first)
    }

    /// Keeps the interactions of a batch that ``commit(_:)`` wrote in the file's form for the next fold. Laying out
    /// takes a pretty encoding of each interaction: done after the batch's submitters are answered, not before.
    func layOut(_ batch: [EncodedInteraction]) {
        for item in batch {
            committed -= 1
            lay(item, at: pending.count + fileCount)
        }
    }

    /// Keeps an interaction's bytes in the file's form for the next fold, checked for the values they must not hold.
    private func lay(_ item: EncodedInteraction, at position: Int) {
        let bytes = item.fileBytes ?? CassetteFileLayout.encode(item.interaction)
        let leaks = Redactor.leaks(of: item.forbidding, in: bytes)
        guard leaks.isEmpty else {
            pending.append(.failure(.unwritable(file: file, reason: "interaction \(position) would hold the value of "
                + "\(leaks.joined(separator: ", ")) in the file's layout; it stays in the write-ahead log \(logPath)")))
            return
        }
        pending.append(.success(bytes))
        pendingBytes += bytes.count
    }

    private func appendToLog(_ bytes: [UInt8]) -> Result<Void, CassetteWriterError> {
        if let broken { return .failure(.unwritable(file: logPath, reason: broken)) }
        if log == nil {
            guard let opened = ZeroFilledLog(path: logPath) else {
                return .failure(.unwritable(file: logPath, reason: FileIO.errorText()))
            }
            // The new name must survive a power cut as well as the lines in it.
            FileIO.syncFolder(FileIO.parent(of: logPath))
            log = opened
        }
        beforeSync?()
        let started = ContinuousClock.now
        let appended = log?.append(bytes)
        statistics.lastSyncMilliseconds = Recorder.milliseconds(started.duration(to: .now))
        switch appended {
        case .success?:
            if fold != nil { linesSinceFold += bytes }
            statistics.writes += 1
            statistics.bytesWritten += bytes.count
            statistics.fileBytes = fileBytes + (log?.end ?? 0)
            return .success(())
        case .failure(let failure)?:
            if !failure.undone {
                broken = "an append failed (\(failure.reason)) and could not be undone; restart the recorder"
                statistics.stopped = broken
            }
            return .failure(.unwritable(file: logPath, reason: failure.reason))
        case nil:
            return .failure(.unwritable(file: logPath, reason: "not open"))
        }
    }
}
