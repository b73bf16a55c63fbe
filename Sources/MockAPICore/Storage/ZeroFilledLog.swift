#if canImport(Glibc)
import Glibc
#endif

/// An append-only file whose space ahead of its end is written with zeros and synced beforehand, so that an append
/// overwrites blocks the file already has: its `fdatasync` then flushes the data alone, without the inode (size,
/// block map), which on ext4 takes about half the time (0.13 against 0.26 ms on the recording machine). The file
/// ends at its first zero byte; readers stop there (``WriteAheadLog/apply(to:file:)``). Zeros never occur in what is
/// appended (compact JSON lines), and a block the last, unsynced write did not reach reads as zeros after a crash.
///
/// Not thread-safe: its owner serialises the calls (``DurableCassette`` under its lock).
struct ZeroFilledLog {
    /// Bytes of zeros written ahead of the end at a time, once the appends have used up the last ones.
    static let reserve = 1 << 20
    /// That many zeros, made once: appending them is a copy, where appending `repeatElement` steps through them one
    /// by one in an unoptimised build (a debug or sanitizer test run took seconds for each, on a recorder's thread).
    private static let zeros = [UInt8](repeating: 0, count: reserve)

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
    /// `path`, under a temporary name, holding zeros, synced. ``install(at:)`` gives it `path` once it holds its lines.
    init(temporaryBeside path: String) throws(FileIO.Failure) {
        let temporary = FileIO.temporaryPath(for: path)
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw FileIO.Failure(description: FileIO.errorText()) }
        do throws(FileIO.Failure) {
            try FileIO.writeAll(ZeroFilledLog.zeros, to: fd, at: 0)
            guard fsync(fd) == 0 else { throw FileIO.Failure(description: "fsync: " + FileIO.errorText()) }
        } catch {
            _ = Glibc.close(fd)
            unlink(temporary)
            throw error
        }
        self.fd = fd
        self.temporaryPath = temporary
        capacity = ZeroFilledLog.reserve
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

    /// Writes `bytes` at the end and syncs them; returns how many bytes were written, zeros included. When they do
    /// not fit in the zeros ahead, the zeros are extended in the same write and sync (once per ``reserve`` bytes
    /// appended). On failure the file is cut back to where it ended, so it never holds half a line before its zeros.
    mutating func append(_ bytes: [UInt8]) -> Result<Int, AppendFailure> {
        let newEnd = end + bytes.count
        let grows = newEnd > capacity
        var written = bytes
        if grows { written.append(contentsOf: ZeroFilledLog.zeros) }
        do throws(FileIO.Failure) {
            try FileIO.writeAll(written, to: fd, at: end)
            guard fdatasync(fd) == 0 else { throw FileIO.Failure(description: "fdatasync: " + FileIO.errorText()) }
        } catch {
            let undone = ftruncate(fd, off_t(end)) == 0 && fsync(fd) == 0
            if undone { capacity = end }
            return .failure(AppendFailure(reason: error.description, undone: undone))
        }
        if grows { capacity = newEnd + ZeroFilledLog.reserve }
        end = newEnd
        return .success(written.count)
    }

    func close() {
        _ = Glibc.close(fd)
    }
}
