import MockAPIJSON

/// Appends recorded interactions to one cassette, durably: ``append(_:fileBytes:forbidding:)`` returns only once the
/// interaction is on disk, appended to the cassette's ``WriteAheadLog`` and synced. The cassette file itself is
/// replaced atomically whenever it changes, so it is a valid cassette at every moment; ``Cassette/load(file:)`` adds
/// what the write-ahead log holds, so a recorder killed at any moment loses no interaction whose answer went out.
///
/// All the disk work runs on a thread of the writer's own (``CassetteWriterThread``), fed by a queue: an append
/// waits for its own interaction, never holds a thread or a lock meanwhile, and reading the ``statistics`` waits for
/// no sync. Appends that arrive while a sync is in progress are written together by the next one (group commit): with
/// N concurrent clients, one sync serves up to N interactions. The write-ahead log is folded into the file as it grows
/// (a step at a time, between commits, copying the file through a bounded buffer), and by ``finish()``; after a clean
/// finish there is no write-ahead log, only the cassette. The writer keeps no more of the cassette in memory than
/// the interactions waiting for the next fold.
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
        /// How long the last write-ahead log write and its sync took.
        package var lastSyncMilliseconds = 0.0
        /// The last write that failed, and why (nil when none did).
        package var lastFailure: String?
        /// Why the writer no longer appends (a failed append that could not be undone), or nil while it does.
        package var stopped: String?
    }

    package let file: String
    /// Interactions already in the cassette when the writer opened it.
    package let existingInteractions: Int
    private let queue = WriterQueue()
    private let published: PublishedStatistics

    /// Opens the cassette, creating it (and its folders) as an empty cassette if it does not exist, so that a folder
    /// that cannot be written fails now rather than at the first request. The write-ahead log a killed recorder left is
    /// folded in first.
    /// - Parameters:
    ///   - forbidding: secrets that must not already be in an existing cassette (`--redact-env` values).
    ///   - maximumBatch: the most interactions one write carries; 1 syncs once per interaction.
    ///   - foldThreshold: the write-ahead log is folded into the file once the interactions it adds take at least this
    ///     many bytes (and as many as the file, or `pendingLimit`).
    ///   - pendingLimit: the most bytes of recorded interactions kept in memory until they are folded into the file.
    ///   - foldBufferSize: the bytes a fold copies at a time.
    ///   - beforeSync: runs on the writer's thread before each write-ahead log write and sync (tests hold it).
    ///   - replacing: the cassette a new recording (``CassetteWriteMode/overwrite``) replaces: its top-level members
    ///     (source, lint, match rules, volatile headers) are kept.
    package init(file: String, mode: CassetteWriteMode = .append, source: String? = nil, replacing previous: Cassette? = nil,
                forbidding secrets: [SecretLiteral] = [], maximumBatch: Int = .max, foldThreshold: Int = 1 << 20,
                pendingLimit: Int = 16 << 20, foldBufferSize: Int = 1 << 20, beforeSync: (@Sendable () -> Void)? = nil)
        throws(CassetteWriterError)
    {
        let opened = try CassetteWriter.open(file: file, mode: mode, source: source, replacing: previous, forbidding: secrets)
        self.file = file
        self.existingInteractions = opened.count
        let published = PublishedStatistics(Statistics(interactions: opened.count, fileBytes: opened.bytes))
        self.published = published
        CassetteWriterThread.start(
            opened, queue: queue, published: published,
            settings: .init(maximumBatch: max(maximumBatch, 1), foldThreshold: foldThreshold, pendingLimit: pendingLimit,
                            foldBufferSize: foldBufferSize, beforeSync: beforeSync))
    }

    deinit {
        queue.push(.stop)
    }

    /// Adds an interaction and returns its index in the cassette once it is on disk.
    /// - Parameters:
    ///   - fileBytes: the interaction's bytes in the cassette file when the caller has them (kept from an earlier
    ///     recording); nil: the writer lays the interaction out.
    ///   - secrets: values that must not appear in the bytes written (a ``RedactionReport``'s secrets and the
    ///     `--redact-env` values); if one does, nothing is written and ``CassetteWriterError/wouldLeak(file:secrets:)``
    ///     is thrown.
    package func append(_ interaction: Interaction, fileBytes: [UInt8]? = nil, forbidding secrets: [SecretLiteral] = [])
        async throws(CassetteWriterError) -> Int
    {
        try await startAppend(interaction, fileBytes: fileBytes, forbidding: secrets).index()
    }

    /// The same, returning as soon as the interaction is handed to the writer's thread: the caller can work while it is
    /// written and synced, then ask ``PendingAppend/index()``.
    package func startAppend(_ interaction: Interaction, fileBytes: [UInt8]? = nil, forbidding secrets: [SecretLiteral] = [])
        throws(CassetteWriterError) -> PendingAppend
    {
        // Encoding and checking run in the caller's task, in parallel; only the write is serialised. Encoded once, as
        // the compact log line; the file's pretty form is laid out by the writer's thread after the commit.
        let encoded = EncodedInteraction(
            interaction: interaction, compact: interaction.compactBytes(), fileBytes: fileBytes, forbidding: secrets)
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
        let pending = PendingAppend()
        queue.push(.append(encoded, pending))
        return pending
    }

    /// What the writer has done, as its thread last published it.
    package var statistics: Statistics { published.current }

    /// Appends waiting for the writer's thread to take them.
    package var queueDepth: Int { queue.depth }

    /// Returns once every append made before the call is on disk and a fold in progress has ended.
    package func flush() async {
        let queue = self.queue
        _ = await withCheckedContinuation { queue.push(.barrier(fold: false, $0)) }
    }

    /// Waits for appends in progress, then folds the write-ahead log into the cassette file, so that the file alone holds
    /// the whole recording. The writer can go on appending afterwards.
    package func finish() async throws(CassetteWriterError) {
        let queue = self.queue
        try await withCheckedContinuation { queue.push(.barrier(fold: true, $0)) }.get()
    }
}
