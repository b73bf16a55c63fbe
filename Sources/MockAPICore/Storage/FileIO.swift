import Glibc

/// Whole-file reads and crash-safe whole-file writes, with errors as text a person can act on.
package enum FileIO {
    package struct Failure: Error, Sendable, CustomStringConvertible {
        package let description: String
    }

    /// The bytes of a file.
    package static func read(_ path: String) throws(Failure) -> [UInt8] {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw Failure(description: errorText()) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw Failure(description: errorText()) }
        if (info.st_mode & S_IFMT) == S_IFDIR { throw Failure(description: "is a directory") }
        // Read straight into the array (no second copy from a chunk), at the size fstat gave; a file that is longer
        // by now (or reports no size, as /proc files do) is read on below, a chunk at a time.
        var failure: Int32 = 0
        var bytes = [UInt8](unsafeUninitializedCapacity: Int(info.st_size)) { buffer, initialized in
            while initialized < buffer.count {
                let count = Glibc.read(fd, buffer.baseAddress! + initialized, buffer.count - initialized)
                if count == 0 { break }
                if count < 0 {
                    if errno == EINTR { continue }
                    failure = errno
                    break
                }
                initialized += count
            }
        }
        if failure != 0 { throw Failure(description: errorText(failure)) }
        if bytes.count < Int(info.st_size) { return bytes }
        try withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 1 << 16) { chunk throws(Failure) in
            while true {
                let count = Glibc.read(fd, chunk.baseAddress, chunk.count)
                if count == 0 { break }
                if count < 0 {
                    if errno == EINTR { continue }
                    throw Failure(description: errorText())
                }
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: chunk[0..<count]))
            }
        }
        return bytes
    }

    /// Replaces a file's content so that a crash at any moment leaves either the old file or the new one, complete:
    /// the bytes go to a temporary file in the same folder, are flushed to disk, and the temporary file is renamed over
    /// the target; then the folder is flushed so the rename itself survives a power cut.
    package static func writeAtomically(_ bytes: [UInt8], to path: String, mode: mode_t = 0o644) throws(Failure) {
        try writeAtomically(parts: [bytes], to: path, mode: mode)
    }

    /// The same for a file given in parts, written one after the other.
    package static func writeAtomically(parts: [[UInt8]], to path: String, mode: mode_t = 0o644) throws(Failure) {
        let folder = parent(of: path)
        let temporary = temporaryPath(for: path)
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode)
        guard fd >= 0 else { throw Failure(description: errorText()) }
        var renamed = false
        defer { if !renamed { unlink(temporary) } }
        do {
            defer { close(fd) }
            var writer = PacedFileWriter(fd: fd)
            for part in parts { try writer.write(part) }
            guard fsync(fd) == 0 else { throw Failure(description: "fsync: " + errorText()) }
        }
        guard rename(temporary, path) == 0 else { throw Failure(description: errorText()) }
        renamed = true
        syncFolder(folder)
    }

    /// A new name beside `path` for a file that will be renamed to it: `.NAME.tmp-PID-RANDOM`, hidden, and known by the
    /// process that made it (``CassetteWriter/removeStaleTemporaryFiles(of:)`` removes those of processes gone).
    static func temporaryPath(for path: String) -> String {
        "\(parent(of: path))/.\(basename(of: path)).tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
    }

    /// Reads up to `count` bytes at `offset` into the start of `buffer` (pread), retrying interruptions; returns how
    /// many were read (0 at the end of the file).
    static func read(_ fd: Int32, into buffer: inout [UInt8], count: Int, at offset: Int) throws(Failure) -> Int {
        let length = min(count, buffer.count)
        while true {
            let read = buffer.withUnsafeMutableBytes { pread(fd, $0.baseAddress, length, off_t(offset)) }
            if read >= 0 { return read }
            if errno != EINTR { throw Failure(description: errorText()) }
        }
    }

    /// Writes every byte, retrying short writes and interruptions.
    package static func writeAll(_ bytes: [UInt8], to fd: Int32) throws(Failure) {
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { buffer in
                Glibc.write(fd, buffer.baseAddress.unsafelyUnwrapped + offset, buffer.count - offset)
            }
            if written < 0 {
                if errno == EINTR { continue }
                throw Failure(description: errorText())
            }
            offset += written
        }
    }

    /// Writes every byte at `offset` in the file (pwrite), retrying short writes and interruptions.
    package static func writeAll(_ bytes: [UInt8], to fd: Int32, at offset: Int) throws(Failure) {
        var done = 0
        while done < bytes.count {
            let written = bytes.withUnsafeBytes { buffer in
                pwrite(fd, buffer.baseAddress.unsafelyUnwrapped + done, buffer.count - done, off_t(offset + done))
            }
            if written < 0 {
                if errno == EINTR { continue }
                throw Failure(description: errorText())
            }
            done += written
        }
    }

    /// Flushes a folder's entries (new names, renames) to disk.
    package static func syncFolder(_ folder: String) {
        let fd = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { return }
        fsync(fd)
        close(fd)
    }

    /// Creates a folder and its parents, as `mkdir -p` does.
    package static func createFolder(_ path: String) throws(Failure) {
        var current = path.hasPrefix("/") ? "" : "."
        for component in path.split(separator: "/") {
            current += "/" + component
            if mkdir(current, 0o755) != 0 && errno != EEXIST { throw Failure(description: "\(current): " + errorText()) }
        }
    }

    package static func parent(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    package static func basename(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return path }
        return String(path[path.index(after: slash)...])
    }

    /// The text of the current `errno`.
    package static func errorText(_ code: Int32 = errno) -> String {
        String(cString: strerror(code))
    }
}
