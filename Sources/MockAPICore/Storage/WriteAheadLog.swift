import MockAPIJSON
import Glibc

/// The append-only write-ahead log beside a cassette that is being recorded: `Fixtures/.session.json.wal` for
/// `Fixtures/session.json`. Appending a line and syncing it is what makes an interaction durable while recording;
/// the recorder folds the write-ahead log into the cassette file (atomically) now and then and when it stops, and removes it.
/// A recorder that was killed leaves it behind: ``Cassette/load(file:)`` reads it, so nothing it held is lost, and
/// the next recorder on that cassette folds it in.
///
/// One line per interaction, compact JSON: `{"index":12,"interaction":{…}}`, where `index` is the interaction's
/// position in the whole cassette. Lines whose index the cassette file already holds were folded in before the
/// log could be emptied, and are skipped. The lines end at the first zero byte: the recorder writes zeros ahead of
/// the last line and overwrites them (``ZeroFilledLog``), and JSON text never holds one. A last line without its
/// newline was cut short by the kill before it was synced (so no client got its answer), and is ignored.
package enum WriteAheadLog {
    /// The write-ahead log's path for a cassette file. Hidden, so folder loading never takes it for a cassette.
    package static func path(for file: String) -> String {
        let folder = FileIO.parent(of: file)
        let name = "." + FileIO.basename(of: file) + ".wal"
        return file.contains("/") ? folder + "/" + name : name
    }

    /// One log line, newline included.
    package static func line(for interaction: Interaction, index: Int) -> [UInt8] {
        var bytes: [UInt8] = []
        JSONValue.object([JSONMember("index", .integer(index)), JSONMember("interaction", interaction.jsonValue)])
            .writeCompact(into: &bytes)
        bytes.append(UInt8(ascii: "\n"))
        return bytes
    }

    /// Appends the interactions of the cassette's write-ahead log, if there is one, to the cassette read from its file.
    package static func apply(to cassette: inout Cassette, file: String) throws(CassetteError) {
        let logFile = path(for: file)
        let bytes: [UInt8]
        do { bytes = try FileIO.read(logFile) } catch {
            if access(logFile, F_OK) == 0 { throw .unreadable(file: logFile, reason: error.description) }
            return
        }
        // The log ends at its first zero byte: the recorder writes zeros ahead of its end (``ZeroFilledLog``).
        let content = bytes.firstIndex(of: 0).map { bytes[..<$0] } ?? bytes[...]
        var lines = content.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        // The part after the last newline is a line cut short (or nothing): never acknowledged, so ignored.
        lines.removeLast()
        for (offset, line) in lines.enumerated() where !line.isEmpty {
            let place = "line \(offset + 1)"
            let value: JSONValue
            do { value = try JSONValue.parse(Array(line)) } catch {
                throw .invalid(file: logFile, at: place, reason: "not valid JSON: \(error.reason)")
            }
            let members = try JSONField(value: value, file: logFile, path: place).members(allowed: ["index", "interaction"])
            let index = try members.required("index").integer(in: 0...Int.max)
            guard index >= cassette.interactions.count else { continue }
            guard index == cassette.interactions.count else {
                throw .invalid(
                    file: logFile, at: place,
                    reason: "holds interaction \(index) but the cassette has \(cassette.interactions.count) before it")
            }
            cassette.interactions.append(try Interaction(try members.required("interaction")))
        }
    }
}
