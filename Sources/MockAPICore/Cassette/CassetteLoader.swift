import Dispatch
import Foundation
import Synchronization

/// A cassette with the names it is known by.
package struct LoadedCassette: Sendable {
    /// Its path under the folder it was found in, without `.json` (`github/paginate-issues`); for a file given by
    /// itself, its file name without `.json`.
    package let name: String
    /// The file, as found (for messages).
    package let file: String
    package let cassette: Cassette

    package init(name: String, file: String, cassette: Cassette) {
        self.name = name
        self.file = file
        self.cassette = cassette
    }
}

/// A cassette file that did not load: its name as it would have been loaded, and the problem (the file, the place in it
/// and why: `Fixtures/x.json: line 23, column 41: not valid JSON`).
package struct UnloadableCassette: Sendable, Equatable {
    package let name: String
    package let file: String
    package let problem: String

    package init(name: String, file: String, problem: String) {
        self.name = name
        self.file = file
        self.problem = problem
    }
}

/// Every problem found while loading cassettes, one line each, so a broken fixture set is fixed in one pass.
package struct CassetteLoadError: Error, Sendable, CustomStringConvertible {
    package let problems: [String]
    package var description: String { problems.joined(separator: "\n") }
}

/// Finds cassettes under files and folders and loads them, several at once.
package enum CassetteLoader {
    /// The cassette files a list of paths names: files as given, folders searched recursively for `*.json` (hidden
    /// entries skipped), each folder's files in name order.
    package static func discover(_ paths: [String]) throws(CassetteLoadError) -> [(name: String, file: String)] {
        var found: [(name: String, file: String)] = []
        var problems: [String] = []
        let files = FileManager.default
        for given in paths {
            let path = tidy(given)
            var isFolder: ObjCBool = false
            guard files.fileExists(atPath: path, isDirectory: &isFolder) else {
                problems.append("\(given): no such file or folder")
                continue
            }
            guard isFolder.boolValue else {
                found.append((name: stripJSON(FileIO.basename(of: path)), file: path))
                continue
            }
            let inFolder = cassetteFiles(in: path)
            if inFolder.isEmpty { problems.append("\(path): no cassettes (*.json files) in this folder") }
            for relative in inFolder {
                found.append((name: stripJSON(relative), file: path == "/" ? "/" + relative : path + "/" + relative))
            }
        }
        guard problems.isEmpty else { throw CassetteLoadError(problems: problems) }
        // Names must be unique to address a cassette; a clash falls back to the file path.
        var seen: [String: Int] = [:]
        for item in found { seen[item.name, default: 0] += 1 }
        return found.map { item in seen[item.name, default: 0] > 1 ? (name: stripJSON(item.file), file: item.file) : item }
    }

    /// Loads every cassette the paths name, in parallel; reports every broken file, not only the first.
    package static func load(_ paths: [String]) throws(CassetteLoadError) -> [LoadedCassette] {
        let (loaded, unloadable) = try loadWhatLoads(paths)
        guard unloadable.isEmpty else { throw CassetteLoadError(problems: unloadable.map(\.problem)) }
        return loaded
    }

    /// Loads every cassette the paths name, in parallel, and lists the files that do not load instead of refusing
    /// all (`serve --skip-broken`). A path that names nothing is still an error.
    package static func loadWhatLoads(_ paths: [String]) throws(CassetteLoadError)
        -> (loaded: [LoadedCassette], unloadable: [UnloadableCassette])
    {
        let targets = try discover(paths)
        let results = Mutex<[Result<Cassette, CassetteError>?]>(Array(repeating: nil, count: targets.count))
        DispatchQueue.concurrentPerform(iterations: targets.count) { position in
            let result = Result { () throws(CassetteError) in try Cassette.load(file: targets[position].file) }
            results.withLock { $0[position] = result }
        }
        var loaded: [LoadedCassette] = []
        var unloadable: [UnloadableCassette] = []
        for (target, result) in zip(targets, results.withLock { $0 }) {
            switch result {
            case .success(let cassette)?: loaded.append(LoadedCassette(name: target.name, file: target.file, cassette: cassette))
            case .failure(let error)?: unloadable.append(UnloadableCassette(name: target.name, file: target.file, problem: error.description))
            case nil: unloadable.append(UnloadableCassette(name: target.name, file: target.file, problem: "\(target.file): not loaded"))
            }
        }
        return (loaded, unloadable)
    }

    /// Every cassette the paths name that loads, and a line for each path or file that does not: for commands that
    /// go on with what loads (lint, drift) instead of refusing all (serve).
    package static func loadEach(_ paths: [String]) -> (loaded: [LoadedCassette], problems: [String]) {
        var loaded: [LoadedCassette] = []
        var problems: [String] = []
        do {
            for target in try discover(paths) {
                do { loaded.append(LoadedCassette(name: target.name, file: target.file, cassette: try Cassette.load(file: target.file))) } catch {
                    problems.append(error.description)
                }
            }
        } catch {
            problems += error.problems
        }
        return (loaded, problems)
    }

    private static func cassetteFiles(in folder: String) -> [String] {
        guard let walker = FileManager.default.enumerator(atPath: folder) else { return [] }
        var files: [String] = []
        while let relative = walker.nextObject() as? String {
            let last = FileIO.basename(of: relative)
            if last.hasPrefix(".") {
                walker.skipDescendants()
                continue
            }
            if relative.hasSuffix(".json") { files.append(relative) }
        }
        return files.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    }

    /// The path without what does not change where it leads: `./` in front, `//`, `/.` segments and a trailing `/`;
    /// so `Fixtures`, `Fixtures/`, `./Fixtures` and `Fixtures//` name the same files the same way.
    package static func tidy(_ path: String) -> String {
        let absolute = path.hasPrefix("/")
        let parts = path.split(separator: "/").filter { $0 != "." }
        let joined = parts.joined(separator: "/")
        if absolute { return "/" + joined }
        return joined.isEmpty ? "." : joined
    }

    private static func stripJSON(_ name: String) -> String {
        name.hasSuffix(".json") ? String(name.dropLast(5)) : name
    }
}
