import Foundation
import MockAPICore

/// The cassettes `mockapi diff` compares, paired: two files, two folders (by path under each), or the files under
/// some paths and their committed versions.
enum DiffSides {
    /// `OLD NEW`: two cassette files, or two folders whose cassettes pair by their path under each.
    /// - Throws: ``CommandFailure`` (exit status 2) naming every file that cannot be read.
    static func compare(old: String, new: String, volatileHeaders: [String]) throws -> [CassetteDiff] {
        let isFolder = (folder(old), folder(new))
        guard isFolder.0 == isFolder.1 else {
            throw CommandFailure("\(isFolder.0 ? old : new) is a folder and \(isFolder.0 ? new : old) is a file: "
                + "compare two cassette files or two folders")
        }
        let before = try load(old), after = try load(new)
        if !isFolder.0, let was = before.first, let now = after.first {
            return [CassetteDiff(name: now.name, old: was.cassette, oldFile: was.file, new: now.cassette, newFile: now.file,
                                 volatileHeaders: volatileHeaders)]
        }
        let oldByName = Dictionary(before.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        let newByName = Dictionary(after.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        let names = Set(oldByName.keys).union(newByName.keys).sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        return names.map { name in
            CassetteDiff(name: name, old: oldByName[name]?.cassette, oldFile: oldByName[name]?.file,
                         new: newByName[name]?.cassette, newFile: newByName[name]?.file, volatileHeaders: volatileHeaders)
        }
    }

    /// `PATH… --against REV`: each cassette under the paths, in the working tree and as committed in `revision`.
    static func compare(_ paths: [String], against revision: String, volatileHeaders: [String]) throws -> [CassetteDiff] {
        var names: [String] = []
        var working: [String: String] = [:]
        var git: GitRevision?
        for path in paths {
            let repository = try git ?? GitRevision(revision, holding: path)
            git = repository
            for name in try repository.committedCassettes(under: path) where !names.contains(name) { names.append(name) }
            guard FileManager.default.fileExists(atPath: path) else { continue }
            let found: [(name: String, file: String)]
            do { found = try CassetteLoader.discover([path]) } catch { throw CommandFailure(error.problems) }
            for file in found.map(\.file) {
                guard let name = repository.name(of: file) else {
                    throw CommandFailure("\(file): outside the git repository at \(repository.top)")
                }
                working[name] = file
                if !names.contains(name) { names.append(name) }
            }
        }
        guard let repository = git else { return [] }
        var diffs: [CassetteDiff] = []
        var problems: [String] = []
        for name in names.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }) {
            let label = "\(revision):\(name)"
            do {
                let old = try repository.contents(of: name).map { bytes throws(CassetteError) in try Cassette(bytes: bytes, file: label) }
                let new = try working[name].map { file throws(CassetteError) in try Cassette.load(file: file) }
                diffs.append(CassetteDiff(
                    name: name.hasSuffix(".json") ? String(name.dropLast(5)) : name, old: old, oldFile: old == nil ? nil : label,
                    new: new, newFile: working[name], volatileHeaders: volatileHeaders))
            } catch let error as CassetteError {
                problems.append(error.description)
            }
        }
        guard problems.isEmpty else { throw CommandFailure(problems) }
        return diffs
    }

    private static func folder(_ path: String) -> Bool {
        var isFolder: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) && isFolder.boolValue
    }

    private static func load(_ path: String) throws -> [LoadedCassette] {
        do { return try CassetteLoader.load([path]) } catch { throw CommandFailure(error.problems) }
    }
}
