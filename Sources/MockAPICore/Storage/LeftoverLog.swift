import Glibc

/// A write-ahead log that a killed recorder left beside its cassette (`Fixtures/.issues.json.wal`): replay reads it,
/// but it is hidden, and `git add Fixtures` would commit it with a cassette that lacks what it holds. `mockapi lint`
/// and `mockapi serve` name it, with how to finish or drop it.
package struct LeftoverLog: Sendable, Equatable, CustomStringConvertible {
    /// The cassette file it belongs to.
    package let cassette: String
    /// The write-ahead log.
    package let log: String
    /// Interactions it holds that the cassette file does not.
    package let interactions: Int
    /// The upstream its cassette was recorded from, for the command that folds it in (nil when none is recorded).
    package let upstream: String?

    /// The leftover write-ahead log of `loaded`, which was loaded with it; nil when there is none.
    package static func find(for loaded: LoadedCassette) -> LeftoverLog? {
        let log = WriteAheadLog.path(for: loaded.file)
        guard access(log, F_OK) == 0 else { return nil }
        let inFile = (try? FileIO.read(loaded.file)).flatMap { try? Cassette(bytes: $0, file: loaded.file) }?.interactions.count ?? 0
        let mount = loaded.cassette.interactions.last?.mount ?? "/"
        let upstream = loaded.cassette.interactions.last?.upstream.map { mount == "/" ? $0 : "\(mount)=\($0)" }
        return LeftoverLog(
            cassette: loaded.file, log: log, interactions: max(0, loaded.cassette.interactions.count - inFile), upstream: upstream)
    }

    /// What it is and the two ways out, in one line.
    package var description: String {
        "\(log) is the write-ahead log of a recorder that was killed; it holds \(interactions) interaction"
            + "\(interactions == 1 ? "" : "s") that \(FileIO.basename(of: cassette)) does not (replay reads them). Fold them in "
            + "with `mockapi record --mode new --cassette \(cassette) --upstream \(upstream ?? "URL")` stopped with Ctrl-C, "
            + "or drop them: rm \(log)"
    }
}
