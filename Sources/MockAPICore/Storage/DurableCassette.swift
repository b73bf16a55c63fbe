import Synchronization
import Glibc

/// One interaction as its submitter hands it to the commit: its compact JSON for the write-ahead log line, and the
/// interaction itself, laid out in the file's pretty form after the commit, off the path of the answer that waits for
/// it (``DurableCassette``).
struct EncodedInteraction: Sendable {
    let interaction: Interaction
    /// ``Interaction/compactBytes()``.
    let compact: [UInt8]
    /// Values that must not be in the interaction's bytes: checked in the compact form before the commit, and in the
    /// pretty form when it is laid out.
    let forbidding: [SecretLiteral]
}

/// The cassette being recorded, on disk and in memory: its file, which always holds a valid cassette (replaced
/// atomically), and its ``WriteAheadLog``, to which each commit appends and syncs. The write-ahead log is folded into the
/// file when it has grown as large as the file (so the cost of rewriting stays proportional to what was recorded),
/// and when recording ends. Used by the group commit's leader (one at a time), by readers of the statistics, and by
/// whoever lays out a committed interaction in the file's form after its commit (``layOut(at:)``): interactions wait
/// as values (``Contents/waiting``) until then, and a fold lays out whatever still waits.
final class DurableCassette: Sendable {
    struct Contents {
        /// The interactions the file will hold, laid out as it will be, but for those still ``waiting``.
        var layout: CassetteFileLayout
        /// Interactions committed and not yet in ``layout``, after its own, in order; each with its bytes in the file
        /// once they are written (they go into ``layout`` when those of every interaction before them are).
        var waiting: [(item: EncodedInteraction, bytes: [UInt8]?)] = []
        /// Every interaction, those only in the write-ahead log included.
        var count: Int { layout.count + waiting.count }
        var statistics: CassetteWriter.Statistics
        /// The write-ahead log, open for appending; nil when there is none.
        var log: ZeroFilledLog?
        var logBytes: Int { log?.end ?? 0 }
        var fileBytes: Int
        /// Set when a failed append could not be undone: the write-ahead log's end is unknown, so nothing more is appended.
        var broken: String?
        /// While a fold runs: the lines appended to the write-ahead log since it took the layout, which the file it
        /// writes does not hold. They become the write-ahead log that replaces the old one.
        var linesSinceFold: [UInt8]?
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
            let first = state.count
            let outcome = appendToLog(batch, first: first, state: &state)
            if case .failure(let error) = outcome { return Array(repeating: .failure(error), count: batch.count) }
            state.waiting += batch.map { ($0, nil) }
            state.statistics.appended += batch.count
            state.statistics.interactions = state.count
            state.statistics.largestBatch = max(state.statistics.largestBatch, batch.count)
            return (0..<batch.count).map { .success(first + $0) }
        }
    }

    /// Writes the file's form of the interaction committed at `index`, outside the lock (several can be at it at once),
    /// then moves it and the waiting interactions after it that are ready into the layout, once every one before them
    /// is there. Does nothing for an interaction a fold has laid out; one that cannot be laid out is left to the fold,
    /// which reports it.
    func layOut(at index: Int) {
        let item = locked.withLock { state -> EncodedInteraction? in
            let offset = index - state.layout.count
            guard state.waiting.indices.contains(offset), state.waiting[offset].bytes == nil else { return nil }
            return state.waiting[offset].item
        }
        guard let item, case .success(let bytes) = layOut(item.interaction, forbidding: item.forbidding, position: index)
        else { return }
        let done = locked.withLock { state -> [(item: EncodedInteraction, bytes: [UInt8]?)] in
            // A fold lays out every waiting interaction: then this one is no longer waiting.
            let offset = index - state.layout.count
            guard state.waiting.indices.contains(offset) else { return [] }
            state.waiting[offset].bytes = bytes
            let ready = state.waiting.prefix { $0.bytes != nil }.count
            let done = Array(state.waiting.prefix(ready))
            state.layout.append(done.compactMap(\.bytes))
            state.waiting.removeFirst(ready)
            return done
        }
        // The interactions laid out are freed here, not under the lock.
        _ = consume done
    }

    /// Lays out every waiting interaction, or those before the first that cannot be.
    private func layOutWaiting(_ state: inout Contents) -> CassetteWriterError? {
        var laidOut = 0
        defer { state.waiting.removeFirst(laidOut) }
        for (item, bytes) in state.waiting {
            if let bytes {
                state.layout.append([bytes])
                laidOut += 1
                continue
            }
            switch layOut(item.interaction, forbidding: item.forbidding, position: state.layout.count) {
            case .success(let bytes):
                state.layout.append([bytes])
                laidOut += 1
            case .failure(let error):
                return error
            }
        }
        return nil
    }

    /// An interaction's bytes in the file, checked for the values it must not hold.
    private func layOut(_ interaction: Interaction, forbidding secrets: [SecretLiteral], position: Int)
        -> Result<[UInt8], CassetteWriterError>
    {
        let bytes = CassetteFileLayout.encode(interaction)
        let leaks = Redactor.leaks(of: secrets, in: bytes)
        guard leaks.isEmpty else {
            return .failure(.unwritable(file: file, reason: "interaction \(position) would hold the value of "
                + "\(leaks.joined(separator: ", ")) in the file's layout; it stays in the write-ahead log \(logPath)"))
        }
        return .success(bytes)
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
        case .success?:
            state.linesSinceFold? += bytes
            state.statistics.writes += 1
            state.statistics.bytesWritten += bytes.count
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

    /// Whether the write-ahead log has grown large enough to be folded into the file.
    var isFoldDue: Bool {
        locked.withLock { $0.logBytes >= max(foldThreshold, $0.fileBytes) }
    }

    /// Writes every interaction to the file (atomically), then replaces the write-ahead log by one holding only what was
    /// committed meanwhile, or removes it when nothing was. Commits go on while the file is written (the fold is
    /// housekeeping after a commit, one at a time, ``GroupCommitter``); run while none can (``CassetteWriter/finish()``),
    /// it leaves the file alone. At every step the file and the write-ahead log on disk hold every committed
    /// interaction: the old log holds them all until it is replaced, and loading skips the lines the file has.
    func fold() -> Result<Void, CassetteWriterError> {
        let parts: [[UInt8]]
        switch startFold() {
        case .failure(let failure): return .failure(failure)
        case .success(let taken): parts = taken
        }
        // Outside the lock: the whole cassette, 30 ms and more for a large one, while commits and late ``layOut(at:)``
        // work go on.
        do throws(FileIO.Failure) { try FileIO.writeAtomically(parts: parts, to: file) } catch {
            locked.withLock { $0.linesSinceFold = nil }
            return .failure(.unwritable(file: file, reason: error.description))
        }
        return endFold(fileBytes: parts.reduce(0) { $0 + $1.count })
    }

    /// A fold's first step: lays out what waits and takes the file's bytes; from here on the lines appended are kept.
    func startFold() -> Result<[[UInt8]], CassetteWriterError> {
        locked.withLock { state in
            if let failure = layOutWaiting(&state) { return .failure(failure) }
            state.linesSinceFold = []
            return .success(state.layout.takeFileParts())
        }
    }

    /// A fold's last step, once the file holds what ``startFold()`` took: the lines appended since become the
    /// write-ahead log. Its file is made ready first, outside the lock; under it (no commit appends meanwhile) only those
    /// lines are written to it before it replaces the old one.
    func endFold(fileBytes size: Int) -> Result<Void, CassetteWriterError> {
        let pending = locked.withLock { ($0.linesSinceFold ?? []).count }
        // Only when something was committed during the fold; otherwise (a quiet moment, and always the writer's finish,
        // which no commit can join) the log goes. Room for twice what is pending now: more may come before the lock.
        let prepared = pending == 0
            ? nil : Result { () throws(FileIO.Failure) in try ZeroFilledLog(temporaryBeside: logPath, expected: 2 * pending) }
        // The log it replaces or removes is closed after the lock, not under it: closing the last descriptor of a file
        // that no longer has a name frees its blocks, and a log folded in is about as large as the cassette (4 ms for
        // 40 MB on the recording machine, where every commit would have waited for it). Kept open, it also spares the
        // folder's sync under the lock the freeing: for 100 MB, unlink and sync took 18-19 ms closed, 0.1-0.2 ms open.
        var replaced: ZeroFilledLog?
        defer { replaced?.close() }
        return locked.withLock { state in
            // The file now holds what the write-ahead log did before the fold: a crash from here on leaves lines the
            // file already has, which loading skips.
            let lines = state.linesSinceFold ?? []
            state.linesSinceFold = nil
            state.fileBytes = size
            state.statistics.folds += 1
            state.statistics.bytesWritten += size
            defer { state.statistics.fileBytes = state.fileBytes + state.logBytes }
            guard !lines.isEmpty else {
                if case .success(let unused)? = prepared { unused.discard() }
                replaced = state.log
                state.log = nil
                unlink(logPath)
                FileIO.syncFolder(FileIO.parent(of: logPath))
                state.broken = nil
                return .success(())
            }
            do throws(FileIO.Failure) {
                var log = try (prepared ?? Result { () throws(FileIO.Failure) in
                    try ZeroFilledLog(temporaryBeside: logPath, expected: lines.count)
                }).get()
                switch log.append(lines) {
                case .success:
                    // Lines written a second time, into the new log: counted again; the zeros ahead of them are not.
                    state.statistics.bytesWritten += lines.count
                case .failure(let failure):
                    log.discard()
                    throw FileIO.Failure(description: failure.reason)
                }
                do throws(FileIO.Failure) { try log.install(at: logPath) } catch {
                    log.discard()
                    throw error
                }
                replaced = state.log
                state.log = log
                state.broken = nil
                return .success(())
            } catch {
                // The old write-ahead log stays, with every line: tried again at the next fold.
                return .failure(.unwritable(file: logPath, reason: error.description))
            }
        }
    }
}
