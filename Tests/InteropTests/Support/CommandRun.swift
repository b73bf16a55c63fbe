import ArgumentParser
import Foundation
import MockAPICLI
import MockAPICore

/// Runs commands as `mockapi` would, with the output collected: parsing (and its validation) included.
enum Command {
    static func lint(_ arguments: [String], environment: [String: String] = [:]) throws -> CommandOutput {
        try MockAPI.Lint.parse(arguments).execute(environment: environment)
    }

    static func scrub(_ arguments: [String], environment: [String: String] = [:]) throws -> CommandOutput {
        try MockAPI.Scrub.parse(arguments).execute(environment: environment)
    }

    static func `import`(_ arguments: [String], environment: [String: String] = [:]) throws -> CommandOutput {
        try MockAPI.Import.parse(arguments).execute(environment: environment)
    }

    static func export(_ arguments: [String]) throws -> CommandOutput {
        try MockAPI.Export.parse(arguments).execute()
    }
}

/// The real `mockapi` executable, for what only a process shows: that `run()` ends with the right exit status.
enum Binary {
    static var path: String {
        URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
            .appendingPathComponent("mockapi").path
    }

    /// Runs to the end; output goes to files so that no pipe can fill up and block the child.
    static func run(_ arguments: [String], in folder: String) throws -> (status: Int32, stdout: String, stderr: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        let out = folder + "/.stdout", err = folder + "/.stderr"
        _ = FileManager.default.createFile(atPath: out, contents: nil)
        _ = FileManager.default.createFile(atPath: err, contents: nil)
        process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: out))
        process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: err))
        try process.run()
        process.waitUntilExit()
        defer {
            try? FileManager.default.removeItem(atPath: out)
            try? FileManager.default.removeItem(atPath: err)
        }
        return (process.terminationStatus, String(decoding: try FileIO.read(out), as: UTF8.self),
                String(decoding: try FileIO.read(err), as: UTF8.self))
    }
}
