import Glibc

/// What tells a file's versions apart without reading it: device, inode (an editor's save-by-rename makes a new one),
/// size and modification time to the nanosecond.
struct FileStamp: Sendable, Equatable {
    let device: UInt64
    let inode: UInt64
    let size: Int64
    let seconds: Int
    let nanoseconds: Int

    /// The stamp of the file now; nil when it cannot be read.
    package init?(of path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
        size = Int64(info.st_size)
        seconds = Int(info.st_mtim.tv_sec)
        nanoseconds = Int(info.st_mtim.tv_nsec)
    }
}
