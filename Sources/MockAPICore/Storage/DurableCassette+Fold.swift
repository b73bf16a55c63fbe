import Glibc

/// Folding the write-ahead log into the file: the pending interactions are appended to a copy of the file
/// (``StreamingFold``, a step at a time, while commits go on between the steps), the copy replaces the file, and a
/// write-ahead log holding only what was committed meanwhile replaces the old one (or it is removed when nothing was).
/// At every step the file and the write-ahead log on disk hold every committed interaction: the old log holds them all
/// until it is replaced, and loading skips the lines the file has.
extension DurableCassette {
    /// Whether the interactions waiting for the file are due to be folded in: once they take as many bytes as the
    /// file (so that rewriting costs in proportion to what was recorded), or ``pendingLimit`` for a large file (so that
    /// memory does not grow with it), and at least ``foldThreshold``.
    var isFoldDue: Bool {
        fold == nil && !pending.isEmpty && pendingBytes >= max(foldThreshold, min(fileBytes, pendingLimit))
    }

    /// Whether the file lacks a committed interaction, or a write-ahead log is left beside it.
    var hasUnfolded: Bool { !pending.isEmpty || log != nil }

    /// Starts folding every pending interaction into the file; with none pending, only removes the write-ahead log
    /// (the file holds all it had). Nil when started (or done).
    func startFold(bufferSize: Int) -> CassetteWriterError? {
        guard fold == nil else { return nil }
        guard !pending.isEmpty else { return removeLog().failure }
        var items: [[UInt8]] = []
        items.reserveCapacity(pending.count)
        for item in pending {
            switch item {
            case .success(let bytes): items.append(bytes)
            case .failure(let error): return noted(error)
            }
        }
        do throws(FileIO.Failure) {
            let started = try StreamingFold(
                file: file, fileBytes: fileBytes, fileCount: fileCount, appending: items, bufferSize: bufferSize)
            fold = (started, items.count)
        } catch {
            return noted(.unwritable(file: file, reason: error.description))
        }
        linesSinceFold = []
        return nil
    }

    /// Runs the fold's next step; once the fold has ended, returns its outcome (nil while it runs, or when none does).
    func advanceFold() -> Result<Void, CassetteWriterError>? {
        guard let running = fold?.file, let folded = fold?.count else { return nil }
        let done: Bool
        do throws(FileIO.Failure) { done = try running.step() } catch {
            fold = nil
            linesSinceFold = []
            return .failure(noted(.unwritable(file: file, reason: error.description)))
        }
        guard done else { return nil }
        // The file now holds what the write-ahead log did before the fold: a crash from here on leaves lines the file
        // already has, which loading skips.
        fold = nil
        fileCount += folded
        fileBytes = running.newSize
        for case .success(let bytes) in pending.prefix(folded) { pendingBytes -= bytes.count }
        pending.removeFirst(folded)
        statistics.folds += 1
        statistics.bytesWritten += running.newSize
        defer { statistics.fileBytes = fileBytes + (log?.end ?? 0) }
        let lines = linesSinceFold
        linesSinceFold = []
        return lines.isEmpty ? removeLog() : replaceLog(with: lines)
    }

    /// Puts a new write-ahead log holding `lines` (synced, then renamed) in place of the old one.
    private func replaceLog(with lines: [UInt8]) -> Result<Void, CassetteWriterError> {
        do throws(FileIO.Failure) {
            // Room for twice the lines: more come while the new log fills.
            var replacement = try ZeroFilledLog(temporaryBeside: logPath, expected: 2 * lines.count)
            if case .failure(let failure) = replacement.append(lines) {
                replacement.discard()
                throw FileIO.Failure(description: failure.reason)
            }
            do throws(FileIO.Failure) { try replacement.install(at: logPath) } catch {
                replacement.discard()
                throw error
            }
            // Lines written a second time, into the new log: counted again; the zeros ahead of them are not.
            statistics.bytesWritten += lines.count
            log?.close()
            log = replacement
            broken = nil
            return .success(())
        } catch {
            // The old write-ahead log stays, with every line: replaced at the next fold.
            return .failure(noted(.unwritable(file: logPath, reason: error.description)))
        }
    }

    /// Removes the write-ahead log once the file holds all it had.
    private func removeLog() -> Result<Void, CassetteWriterError> {
        log?.close()
        log = nil
        unlink(logPath)
        FileIO.syncFolder(FileIO.parent(of: logPath))
        broken = nil
        statistics.stopped = nil
        statistics.fileBytes = fileBytes
        return .success(())
    }

    /// Keeps the error for the statistics (health, the stop summary) and returns it.
    private func noted(_ error: CassetteWriterError) -> CassetteWriterError {
        statistics.lastFailure = error.description
        return error
    }
}

extension Result {
    /// The failure, or nil.
    var failure: Failure? {
        if case .failure(let failure) = self { failure } else { nil }
    }
}
