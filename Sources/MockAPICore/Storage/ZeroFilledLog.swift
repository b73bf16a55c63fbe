import Glibc

/// An append-only file whose space ahead of its end is written with zeros and synced beforehand, so that an append
/// overwrites blocks the file already has: its `fdatasync` then flushes the data alone, without the inode (size,
/// block map), which on ext4 takes about half the time (0.13 against 0.26 ms on the recording machine). The file
/// ends at its first zero byte; readers stop there (``WriteAheadLog/apply(to:file:)``). Zeros never occur in what is
/// appended (compact JSON lines), and a block the last, unsynced write did not reach reads as zeros after a crash.
///
/// The zeros ahead start at one block and double with the log, up to ``largestReserve``: a small cassette's log stays
/// small (a few KB, not a MiB of zeros beside a 1.5 KB cassette), and a large one extends once per MiB appended.
///
/// Not thread-safe: used by one thread, the cassette writer's (``DurableCassette``).
struct ZeroFilledLog {
    /// The fewest bytes of zeros written ahead of the end: one file system block.
    static let smallestReserve = 4 << 10
    /// The most bytes of zeros written ahead of the end at a time.
    static let largestReserve = 1 << 20
    /// That many zeros, made once: appending them is a copy, where appending `repeatElement` steps through them one
    /// by one in an unoptimised build (a debug or sanitizer test run took seconds for each, on a recorder's thread).
    private static let zeros = [UInt8](repeating: 0, count: largestReserve)

    /// The zeros to write ahead of a log whose content is `size` bytes: as many again, within the bounds.
    static func reserve(after size: Int) -> Int {
        min(max(size, smallestReserve), largestReserve)
    }

    let fd: Int32
    /// Where the next append goes: the bytes before it are the log's content.
    private(set) var end = 0
    /// The file's size: zeros from `end` on.
    private(set) var capacity = 0
    /// The file's name until ``install(at:)``, for a log made by ``init(temporaryBeside:)``.
    private var temporaryPath: String?

    /// Opens (creating) the file at `path`, empty; nil with `errno` set when it cannot be opened.
    init?(path: String) {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { return nil }
        self.fd = fd
    }

    /// A log made ready off the path of any commit (by a fold, for what is committed while it runs): a new file beside
    /// `path`, under a temporary name, holding zeros for about `expected` bytes of lines, synced. ``install(at:)`` gives
    /// it `path` once it holds its lines.
    init(temporaryBeside path: String, expected: Int) throws(FileIO.Failure) {
        let reserve = ZeroFilledLog.reserve(after: expected)
        let temporary = FileIO.temporaryPath(for: path)
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw FileIO.Failure(description: FileIO.errorText()) }
        do throws(FileIO.Failure) {
            try FileIO.writeAll(Array(ZeroFilledLog.zeros[..<reserve]), to: fd, at: 0)
            guard fsync(fd) == 0 else { throw FileIO.Failure(description: "fsync: " + FileIO.errorText()) }
        } catch {
            _ = Glibc.close(fd)
            unlink(temporary)
            throw error
        }
        self.fd = fd
        self.temporaryPath = temporary
        capacity = reserve
    }

    /// Gives a log made by ``init(temporaryBeside:)`` the name `path`, replacing the file there, and makes the new name
    /// durable.
    mutating func install(at path: String) throws(FileIO.Failure) {
        guard let temporary = temporaryPath else { return }
        guard rename(temporary, path) == 0 else { throw FileIO.Failure(description: FileIO.errorText()) }
        temporaryPath = nil
        FileIO.syncFolder(FileIO.parent(of: path))
    }

    /// Closes a log and, if it was never installed, removes its file.
    func discard() {
        close()
        if let temporaryPath { unlink(temporaryPath) }
    }

    /// Why an append failed, and whether the file could be cut back to where it ended.
    struct AppendFailure: Error {
        let reason: String
        let undone: Bool
    }

    /// Writes `bytes` at the end and syncs them: they are on disk when it returns. When they do not fit in the zeros
    /// ahead, the zeros are extended in the same write and sync (``reserve(after:)``: as many as the log then holds).
    /// On failure the file is cut back to where it ended, so it never holds half a line before its zeros.
    mutating func append(_ bytes: [UInt8]) -> Result<Void, AppendFailure> {
        let newEnd = end + bytes.count
        let grows = newEnd > capacity
        let reserve = ZeroFilledLog.reserve(after: newEnd)
        var written = bytes
        if grows { written.append(contentsOf: ZeroFilledLog.zeros[..<reserve]) }
        do throws(FileIO.Failure) {
            try FileIO.writeAll(written, to: fd, at: end)
            guard fdatasync(fd) == 0 else { throw FileIO.Failure(description: "fdatasync: " + FileIO.errorText()) }
        } catch {
            let undone = ftruncate(fd, off_t(end)) == 0 && fsync(fd) == 0
            if undone { capacity = end }
            return .failure(AppendFailure(reason: error.description, undone: undone))
        }
        if grows { capacity = newEnd + reserve }
        end = newEnd
        return .success(())
    }

    func close() {
        _ = Glibc.close(fd)
    }
}
