import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// The real `mockapi` binary run as a child process, for what only a process can show: a `kill -9`, signals, the
/// summary on stderr. It is looked up next to the test bundle (`swift build --build-tests` builds both there).
final class MockAPIProcess: Sendable {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    let baseURL: String
    let stderrFile: String
    private let process: Process
    private let exit: ExitState

    /// The binary built beside this test bundle.
    static func binary() throws -> String {
        let folder = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
        let candidate = folder.appendingPathComponent("mockapi").path
        guard FileManager.default.isExecutableFile(atPath: candidate) else {
            throw Failure(description: "\(candidate) is missing: build it with `swift build --build-tests` (scripts/test does)")
        }
        return candidate
    }

    /// Starts `mockapi ARGUMENTS` and returns once it printed the URL it listens on.
    init(_ arguments: [String], environment: [String: String] = [:], stderrFile: String) async throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try MockAPIProcess.binary())
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        FileManager.default.createFile(atPath: stderrFile, contents: nil)
        process.standardError = FileHandle(forWritingAtPath: stderrFile)
        let output = Pipe()
        process.standardOutput = output
        let exit = ExitState()
        process.terminationHandler = { finished in exit.finish(finished.terminationStatus) }
        try process.run()
        self.process = process
        self.stderrFile = stderrFile
        self.exit = exit
        self.baseURL = try await MockAPIProcess.readListeningURL(output, stderrFile: stderrFile)
    }

    var pid: Int32 { process.processIdentifier }

    func send(_ signal: Int32) {
        kill(process.processIdentifier, signal)
    }

    /// Waits for the process to end; its exit status (or the signal that ended it).
    func waitForExit() async -> Int32 {
        await exit.wait()
    }

    var standardError: String {
        (try? String(contentsOfFile: stderrFile, encoding: .utf8)) ?? ""
    }

    /// Reads stdout on a thread of its own until the ready line (`mockapi: listening on URL with …`).
    private static func readListeningURL(_ pipe: Pipe, stderrFile: String) async throws -> String {
        let handle = pipe.fileHandleForReading
        let line: String? = await withCheckedContinuation { continuation in
            Thread.detachNewThread {
                var text = ""
                while true {
                    let data = handle.availableData
                    if data.isEmpty { break }
                    text += String(decoding: data, as: UTF8.self)
                    if let newline = text.firstIndex(of: "\n") {
                        continuation.resume(returning: String(text[..<newline]))
                        return
                    }
                }
                continuation.resume(returning: nil)
            }
        }
        guard let line, let range = line.range(of: "listening on ") else {
            let errors = (try? String(contentsOfFile: stderrFile, encoding: .utf8)) ?? ""
            throw Failure(description: "mockapi did not start: \(line ?? "no output"); stderr: \(errors)")
        }
        return String(line[range.upperBound...].prefix { $0 != " " })
    }

}

/// The exit status of a child process, and the tasks waiting for it.
private final class ExitState: Sendable {
    private let state = Mutex<(status: Int32?, waiters: [CheckedContinuation<Int32, Never>])>((nil, []))

    func finish(_ status: Int32) {
        let waiters = state.withLock { state in
            state.status = status
            defer { state.waiters = [] }
            return state.waiters
        }
        for waiter in waiters { waiter.resume(returning: status) }
    }

    func wait() async -> Int32 {
        await withCheckedContinuation { continuation in
            let done = state.withLock { state -> Int32? in
                if let status = state.status { return status }
                state.waiters.append(continuation)
                return nil
            }
            if let done { continuation.resume(returning: done) }
        }
    }
}
