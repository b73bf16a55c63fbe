import Dispatch
import Synchronization

/// What a cassette writer's thread is asked to do, in the order asked.
enum WriterJob: Sendable {
    /// Append an interaction; completed with its index once it is on disk.
    case append(EncodedInteraction, PendingAppend)
    /// Resumed once everything asked before is on disk and no fold runs; with `fold`, once the file alone holds it all.
    case barrier(fold: Bool, CheckedContinuation<Result<Void, CassetteWriterError>, Never>)
    /// End the thread (the writer is gone).
    case stop
}

/// The queue that feeds a cassette writer's thread. Pushing takes a lock for the time of an array append and wakes the
/// thread; nothing waits on the thread's disk work but the jobs' own continuations.
final class WriterQueue: Sendable {
    private let jobs = Mutex<[WriterJob]>([])
    private let wake = DispatchSemaphore(value: 0)
    private let appends = Atomic<Int>(0)

    func push(_ job: WriterJob) {
        if case .append = job { appends.add(1, ordering: .relaxed) }
        jobs.withLock { $0.append(job) }
        wake.signal()
    }

    /// Takes every job queued, first waiting for one when `waiting` (the thread has nothing else to do).
    func take(waiting: Bool) -> [WriterJob] {
        if waiting { wake.wait() }
        let taken = jobs.withLock { jobs in
            defer { jobs = [] }
            return jobs
        }
        appends.subtract(taken.count { if case .append = $0 { true } else { false } }, ordering: .relaxed)
        return taken
    }

    /// Appends queued and not yet taken by the writer's thread.
    var depth: Int { appends.load(ordering: .relaxed) }
}

/// The writer's statistics as its thread last published them: read without waiting for any disk work.
final class PublishedStatistics: Sendable {
    private let snapshot: Mutex<CassetteWriter.Statistics>

    init(_ initial: CassetteWriter.Statistics) {
        snapshot = Mutex(initial)
    }

    func publish(_ statistics: CassetteWriter.Statistics) {
        snapshot.withLock { $0 = statistics }
    }

    var current: CassetteWriter.Statistics { snapshot.withLock { $0 } }
}
