import Foundation

/// Finds the repository's `Fixtures/` folder from a test, without absolute paths baked in: `MOCKAPI_FIXTURES` when
/// set, else the nearest folder named `Fixtures` above the calling source file.
public enum Fixtures {
    /// No `Fixtures` folder was found; the description says where it was looked for.
    public struct NotFound: Error, CustomStringConvertible {
        /// Where the folder was looked for, and how to point `MOCKAPI_FIXTURES` at one.
        public let description: String
    }

    /// The fixtures folder for a test file: `$MOCKAPI_FIXTURES` when set, else the nearest `Fixtures` above `file`.
    /// - Throws: ``NotFound`` when there is neither.
    public static func folder(near file: StaticString = #filePath) throws -> String {
        try folder(near: "\(file)", environment: ProcessInfo.processInfo.environment)
    }

    static func folder(near file: String, environment: [String: String]) throws -> String {
        if let configured = environment["MOCKAPI_FIXTURES"], !configured.isEmpty {
            return configured
        }
        var directory = URL(fileURLWithPath: file).deletingLastPathComponent()
        while directory.path != "/" {
            let candidate = directory.appendingPathComponent("Fixtures")
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: candidate.path, isDirectory: &isFolder), isFolder.boolValue {
                return candidate.path
            }
            directory.deleteLastPathComponent()
        }
        throw NotFound(description: "no Fixtures folder above \(file); set MOCKAPI_FIXTURES to its path")
    }

    /// A cassette's name: its path under `root` without `.json` (`github/paginate-issues`); nil for a file elsewhere.
    public static func name(of file: String, under root: String) -> String? {
        let folder = URL(fileURLWithPath: root).standardizedFileURL.path
        let path = URL(fileURLWithPath: file).standardizedFileURL.path
        let prefix = folder.hasSuffix("/") ? folder : folder + "/"
        guard path.hasPrefix(prefix) else { return nil }
        let relative = String(path.dropFirst(prefix.count))
        return relative.hasSuffix(".json") ? String(relative.dropLast(5)) : relative
    }

    /// A cassette path: absolute paths and existing relative paths as they are; otherwise under ``folder(near:)``,
    /// with `.json` added when missing.
    public static func resolve(_ path: String, near file: StaticString = #filePath) throws -> String {
        let files = FileManager.default
        if path.hasPrefix("/") || files.fileExists(atPath: path) { return path }
        let root = try folder(near: file)
        for candidate in [root + "/" + path, root + "/" + path + ".json"] where files.fileExists(atPath: candidate) {
            return candidate
        }
        throw NotFound(description: "no cassette \(path) under \(root)")
    }
}
