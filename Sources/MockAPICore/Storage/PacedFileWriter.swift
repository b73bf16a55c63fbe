import CFileSync
import Glibc

/// Writes a new file from its start, retrying short writes and interruptions, and puts it on disk as it goes: after
/// each ``step`` bytes it starts their writeback and waits for that of the step before. The closing `fsync` then has
/// little left to do, and the disk's queue never holds more than two steps of this file: a sync of another file
/// meanwhile (the recorder's write-ahead log, while a fold rewrites the cassette) waits behind those, not behind tens
/// of megabytes left in the page cache.
struct PacedFileWriter {
    /// How far the writes run ahead of the disk.
    static let step = 1 << 20

    let fd: Int32
    /// Bytes written so far: where the next write goes.
    private(set) var written = 0
    private var started = 0
    private var waited = 0

    init(fd: Int32) {
        self.fd = fd
    }

    /// Appends the first `count` bytes of `bytes` (all of them by default).
    mutating func write(_ bytes: [UInt8], count: Int? = nil) throws(FileIO.Failure) {
        let end = min(count ?? bytes.count, bytes.count)
        var done = 0
        while done < end {
            let length = min(end - done, PacedFileWriter.step)
            let wrote = bytes.withUnsafeBytes { pwrite(fd, $0.baseAddress.unsafelyUnwrapped + done, length, off_t(written)) }
            if wrote < 0 {
                if errno == EINTR { continue }
                throw FileIO.Failure(description: FileIO.errorText())
            }
            done += wrote
            written += wrote
            if written - started >= PacedFileWriter.step {
                // Best effort: the fsync that follows reports what failed.
                if started > waited {
                    mockapi_wait_for_writeback(fd, Int64(waited), Int64(started - waited))
                    waited = started
                }
                mockapi_start_writeback(fd, Int64(started), Int64(written - started))
                started = written
            }
        }
    }
}
