import Foundation
import Glibc

/// A cassette file as the writer opened it: in the recorder's layout, with no write-ahead log beside it.
struct OpenedCassette: Sendable {
    let file: String
    /// Interactions in the file.
    let count: Int
    /// The file's size.
    let bytes: Int
}

extension CassetteWriter {
    /// Opens the cassette for appending: creates it (and its folders) as an empty cassette if it does not exist (or
    /// replaces it, with `.overwrite`); folds in the write-ahead log a killed recorder left; writes it again in the
    /// recorder's layout if it is not (edited by hand), so that appending means replacing its tail. Keeps nothing of
    /// it in memory.
    static func open(file: String, mode: CassetteWriteMode, source: String?, replacing previous: Cassette? = nil,
                     forbidding secrets: [SecretLiteral]) throws(CassetteWriterError) -> OpenedCassette
    {
        let log = WriteAheadLog.path(for: file)
        removeStaleTemporaryFiles(of: file)
        removeStaleTemporaryFiles(of: log)
        var existing: Cassette?
        if mode == .append, FileManager.default.fileExists(atPath: file) {
            do { existing = try Cassette.load(file: file) } catch { throw .existingUnreadable(error) }
        }
        var cassette = existing ?? previous?.withoutInteractions ?? Cassette(source: source)
        if cassette.source == nil { cassette.source = source }
        let bytes = cassette.fileBytes()
        let leaks = Redactor.leaks(of: secrets, in: bytes)
        guard leaks.isEmpty else { throw .wouldLeak(file: file, secrets: leaks) }
        let hadLog = access(log, F_OK) == 0
        if existing == nil || hadLog || (try? FileIO.read(file)) != bytes {
            // A new file, the file with the write-ahead log folded in, or the file in the recorder's layout; the
            // write-ahead log goes once the file holds it all.
            do throws(FileIO.Failure) {
                try FileIO.createFolder(FileIO.parent(of: file))
                if existing == nil { unlink(log) }
                try FileIO.writeAtomically(bytes, to: file)
                unlink(log)
                FileIO.syncFolder(FileIO.parent(of: file))
            } catch {
                throw .unwritable(file: file, reason: error.description)
            }
        }
        return OpenedCassette(file: file, count: cassette.interactions.count, bytes: bytes.count)
    }

    /// Removes what a killed writer left behind: the temporary files of ``FileIO/writeAtomically(_:to:mode:)`` for
    /// this cassette or its write-ahead log (`.NAME.tmp-PID-…`) whose process is gone. Hidden, but `git add` would pick
    /// them up.
    static func removeStaleTemporaryFiles(of file: String) {
        let folder = FileIO.parent(of: file)
        let prefix = ".\(FileIO.basename(of: file)).tmp-"
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
        for name in names where name.hasPrefix(prefix) {
            guard let pid = Int32(name.dropFirst(prefix.count).prefix { $0 != "-" }), pid != getpid(),
                kill(pid, 0) != 0, errno == ESRCH
            else { continue }
            unlink(folder + "/" + name)
        }
    }
}
