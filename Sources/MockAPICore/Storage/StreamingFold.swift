import Glibc

/// Writes a cassette file with interactions appended, in steps, holding no more of the file than one buffer: the
/// file's bytes up to its tail are copied into a new file beside it, the new interactions follow, then the tail; the
/// new file is synced and renamed over the old one, so a reader (or a crash) sees the old file or the new one, whole.
///
/// Each ``step()`` copies or writes about one buffer: the writer runs them one at a time between its group commits,
/// so that a fold of a large cassette delays no commit by more than a step.
final class StreamingFold {
    /// Bytes copied per step unless told otherwise.
    static let defaultBufferSize = 1 << 20

    let file: String
    /// Bytes of the file the new one will have.
    let newSize: Int
    private let source: Int32
    private let temporary: String
    private var writer: PacedFileWriter
    /// Where the old file's tail starts: what is copied.
    private let copyEnd: Int
    private var buffer: [UInt8]
    private var items: [[UInt8]]
    private let firstIndex: Int
    private var nextItem = 0
    private var finished = false

    /// Starts a fold of `file`, `fileBytes` long with `fileCount` interactions, that appends `items` (each an
    /// interaction's ``CassetteFileLayout/encode(_:)``). Fails when the file does not end as the recorder wrote it.
    init(file: String, fileBytes: Int, fileCount: Int, appending items: [[UInt8]], bufferSize: Int = defaultBufferSize)
        throws(FileIO.Failure)
    {
        let oldTail = CassetteFileLayout.tail(count: fileCount)
        let newTail = CassetteFileLayout.tail(count: fileCount + items.count)
        let copyEnd = fileBytes - oldTail.count
        self.file = file
        self.copyEnd = copyEnd
        self.items = items
        self.firstIndex = fileCount
        self.buffer = [UInt8](repeating: 0, count: max(bufferSize, oldTail.count))
        self.newSize = copyEnd + newTail.count + items.enumerated().reduce(0) {
            $0 + CassetteFileLayout.separator(before: fileCount + $1.offset).count + $1.element.count
        }
        let source = open(file, O_RDONLY | O_CLOEXEC)
        guard source >= 0 else { throw FileIO.Failure(description: FileIO.errorText()) }
        var tailBuffer = [UInt8](repeating: 0, count: oldTail.count)
        let read = (try? FileIO.read(source, into: &tailBuffer, count: oldTail.count, at: copyEnd)) ?? 0
        guard copyEnd >= 0, read == oldTail.count, tailBuffer == oldTail, lseek(source, 0, SEEK_END) == off_t(fileBytes) else {
            _ = Glibc.close(source)
            throw FileIO.Failure(description: "the file changed since the recorder wrote it (it is not \(fileBytes) bytes "
                + "ending as a cassette of \(fileCount) interactions)")
        }
        let temporary = FileIO.temporaryPath(for: file)
        let target = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard target >= 0 else {
            _ = Glibc.close(source)
            throw FileIO.Failure(description: FileIO.errorText())
        }
        self.source = source
        self.temporary = temporary
        self.writer = PacedFileWriter(fd: target)
    }

    deinit {
        _ = Glibc.close(source)
        _ = Glibc.close(writer.fd)
        if !finished { unlink(temporary) }
    }

    /// Copies or writes the next buffer's worth; after the last one, syncs the new file and renames it over the old one.
    /// Returns whether the fold is done. After a failure the fold is over: dropping it removes its file.
    func step() throws(FileIO.Failure) -> Bool {
        if writer.written < copyEnd {
            let count = try FileIO.read(source, into: &buffer, count: copyEnd - writer.written, at: writer.written)
            guard count > 0 else { throw FileIO.Failure(description: "\(file) ended early while it was copied") }
            try writer.write(buffer, count: count)
            return false
        }
        var stepped = 0
        while nextItem < items.count, stepped < buffer.count {
            let separator = CassetteFileLayout.separator(before: firstIndex + nextItem)
            try writer.write(separator)
            try writer.write(items[nextItem])
            stepped += separator.count + items[nextItem].count
            // Written: its bytes are not kept until the fold ends.
            items[nextItem] = []
            nextItem += 1
        }
        guard nextItem == items.count else { return false }
        try writer.write(CassetteFileLayout.tail(count: firstIndex + items.count))
        guard fsync(writer.fd) == 0 else { throw FileIO.Failure(description: "fsync: " + FileIO.errorText()) }
        guard rename(temporary, file) == 0 else { throw FileIO.Failure(description: FileIO.errorText()) }
        finished = true
        FileIO.syncFolder(FileIO.parent(of: file))
        return true
    }
}
