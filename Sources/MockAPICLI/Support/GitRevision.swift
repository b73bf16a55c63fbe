import Foundation
import Synchronization

/// A committed revision of the git repository that holds some paths, read with `git` itself: which cassette files
/// it has under a path (`git ls-tree`) and their bytes (`git show REV:FILE`), for `mockapi diff --against`.
struct GitRevision {
    let revision: String
    /// The repository's top folder, with symbolic links resolved.
    let top: String

    /// Finds the repository that holds `path` and checks that it has `revision`.
    /// - Throws: ``CommandFailure`` when git is missing, `path` is not in a repository, or the revision does not exist.
    init(_ revision: String, holding path: String) throws {
        let absolute = GitRevision.resolved(path)
        var folder = absolute
        var isFolder: ObjCBool = false
        while !(FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder) && isFolder.boolValue), folder != "/" {
            folder = (folder as NSString).deletingLastPathComponent
        }
        let found = try GitRevision.git(["rev-parse", "--show-toplevel"], in: folder)
        guard found.status == 0 else {
            throw CommandFailure("\(path): not in a git repository, so --against \(revision) has nothing to compare with "
                + "(git: \(found.errorText))")
        }
        top = GitRevision.resolved(String(decoding: found.output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
        self.revision = revision
        let verified = try GitRevision.git(["rev-parse", "--verify", "--quiet", revision + "^{commit}"], in: top)
        guard verified.status == 0 else {
            throw CommandFailure("--against \(revision): no such revision in the repository at \(top) "
                + "(a branch, tag or commit: HEAD, origin/main, a1b2c3d)")
        }
    }

    /// The path of a file relative to the repository's top, as git names it; nil when it is outside.
    func name(of file: String) -> String? {
        let absolute = GitRevision.resolved(file)
        guard absolute.hasPrefix(top + "/") else { return nil }
        return String(absolute.dropFirst(top.count + 1))
    }

    /// The `*.json` files the revision has under `path` (names relative to the top), hidden ones skipped.
    func committedCassettes(under path: String) throws -> [String] {
        guard let prefix = name(of: path) ?? (GitRevision.resolved(path) == top ? "" : nil) else {
            throw CommandFailure("\(path): outside the git repository at \(top)")
        }
        let listed = try GitRevision.git(["ls-tree", "-r", "--name-only", "--full-tree", revision, "--", prefix.isEmpty ? "." : prefix], in: top)
        guard listed.status == 0 else { throw CommandFailure("git ls-tree \(revision) -- \(prefix): \(listed.errorText)") }
        return String(decoding: listed.output, as: UTF8.self).split(separator: "\n").map(String.init).filter { name in
            name.hasSuffix(".json") && !name.split(separator: "/").contains { $0.hasPrefix(".") }
        }
    }

    /// The committed bytes of a file (a name relative to the top); nil when the revision does not have it.
    func contents(of name: String) throws -> [UInt8]? {
        let shown = try GitRevision.git(["show", "\(revision):\(name)"], in: top)
        return shown.status == 0 ? shown.output : nil
    }

    /// `git ARGUMENTS` run in `folder`: its exit status, standard output, and standard error.
    private static func git(_ arguments: [String], in folder: String) throws -> (status: Int32, output: [UInt8], errorText: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git"] + arguments
        process.currentDirectoryURL = URL(fileURLWithPath: folder)
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        do { try process.run() } catch { throw CommandFailure("cannot run git: \(error)") }
        // Both pipes are drained while git runs: a full pipe would stop it.
        let errorData = Mutex<Data>(Data())
        let reading = DispatchGroup()
        DispatchQueue.global().async(group: reading) {
            let data = errors.fileHandleForReading.readDataToEndOfFile()
            errorData.withLock { $0 = data }
        }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        reading.wait()
        let text = String(decoding: errorData.withLock { $0 }, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        if process.terminationStatus == 127 { throw CommandFailure("cannot run git: \(text)") }
        return (process.terminationStatus, Array(data), text)
    }

    private static func resolved(_ path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path
    }
}
