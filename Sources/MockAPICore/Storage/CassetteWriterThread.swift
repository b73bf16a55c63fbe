import Foundation

/// The thread of its own on which a cassette writer does all its disk work: it takes the queued appends together (one
/// write and one sync for all that arrived during the last one: group commit), answers each once its batch is on disk,
/// lays the batch out in the file's form, and folds the write-ahead log into the file in steps between commits.
/// Nothing but the jobs' continuations waits on it; it owns its ``DurableCassette`` and shares no lock with anyone.
struct CassetteWriterThread {
    /// What the thread needs, handed over when it starts.
    struct Settings: Sendable {
        let maximumBatch: Int
        let foldThreshold: Int
        let pendingLimit: Int
        let foldBufferSize: Int
        let beforeSync: (@Sendable () -> Void)?
    }

    private let cassette: DurableCassette
    private let queue: WriterQueue
    private let published: PublishedStatistics
    private let settings: Settings
    /// Waiting flushes and finishes, in order.
    private var barriers: [(fold: Bool, continuation: CheckedContinuation<Result<Void, CassetteWriterError>, Never>)] = []
    /// Whether the fold in progress was started for the first waiting finish, which then gets its outcome.
    private var foldForFinish = false
    private var finishFailure: CassetteWriterError?

    /// Starts the thread for the cassette `opened`; it ends once `.stop` is queued.
    static func start(_ opened: OpenedCassette, queue: WriterQueue, published: PublishedStatistics, settings: Settings) {
        let thread = Thread {
            let cassette = DurableCassette(
                opened: opened, foldThreshold: settings.foldThreshold, pendingLimit: settings.pendingLimit,
                beforeSync: settings.beforeSync)
            var writer = CassetteWriterThread(cassette: cassette, queue: queue, published: published, settings: settings)
            writer.run()
        }
        thread.name = "mockapi.cassette-writer"
        thread.start()
    }

    private init(cassette: DurableCassette, queue: WriterQueue, published: PublishedStatistics, settings: Settings) {
        self.cassette = cassette
        self.queue = queue
        self.published = published
        self.settings = settings
    }

    private mutating func run() {
        while true {
            // A fold in progress goes on between commits: the thread waits for jobs only when it has nothing to do.
            let jobs = queue.take(waiting: cassette.fold == nil)
            var batch: [(EncodedInteraction, PendingAppend)] = []
            for job in jobs {
                switch job {
                case .append(let item, let pending):
                    batch.append((item, pending))
                    if batch.count >= settings.maximumBatch { commit(&batch) }
                case .barrier(let fold, let continuation):
                    commit(&batch)
                    barriers.append((fold, continuation))
                case .stop:
                    // The writer is gone, so no one waits: a fold in progress is dropped with its file.
                    commit(&batch)
                    return
                }
            }
            commit(&batch)
            if let outcome = cassette.advanceFold() { foldEnded(outcome) }
            settleBarriers()
            published.publish(cassette.statistics)
        }
    }

    /// Writes the batch with one sync, answers its submitters, and starts a fold when one is due.
    private mutating func commit(_ batch: inout [(EncodedInteraction, PendingAppend)]) {
        guard !batch.isEmpty else { return }
        defer { batch = [] }
        let items = batch.map(\.0)
        let outcome = cassette.commit(items)
        // Published before anyone is answered: a submitter that reads the statistics sees its own write.
        published.publish(cassette.statistics)
        for (offset, (_, pending)) in batch.enumerated() { pending.complete(outcome.map { $0 + offset }) }
        // Durable and answered: the file's layout of the batch is off the path of the answers that waited for it.
        if case .success = outcome { cassette.layOut(items) }
        if cassette.isFoldDue { _ = cassette.startFold(bufferSize: settings.foldBufferSize) }
    }

    private mutating func foldEnded(_ outcome: Result<Void, CassetteWriterError>) {
        if foldForFinish, case .failure(let error) = outcome { finishFailure = error }
        foldForFinish = false
    }

    /// Resumes the flushes and finishes whose turn has come: none while a fold runs; a finish once a fold it starts
    /// has left everything in the file, or with the failure of that fold.
    private mutating func settleBarriers() {
        while let first = barriers.first, cassette.fold == nil {
            let fold = first.fold
            if fold, finishFailure == nil, cassette.hasUnfolded {
                if let error = cassette.startFold(bufferSize: settings.foldBufferSize) {
                    finishFailure = error
                } else {
                    foldForFinish = cassette.fold != nil
                    continue
                }
            }
            barriers.removeFirst()
            published.publish(cassette.statistics)
            if fold, let error = finishFailure {
                finishFailure = nil
                first.continuation.resume(returning: .failure(error))
            } else {
                first.continuation.resume(returning: .success(()))
            }
        }
    }
}
