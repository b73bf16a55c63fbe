import Foundation
import Synchronization

/// The real `mockapi` executable (built next to the test bundle) run as a child process, for what only a process
/// shows: exit status, stdout and stderr, signals, a `kill -9`.
package final class MockAPIProcess: Sendable {
    package struct Failure: Error, CustomStringConvertible {
        package let description: String
    }

    /// `mockapi` in the build folder the tests run from (`swift build --build-tests` builds both there).
    package static func binary() throws -> String {
        let folder = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
        let candidate = folder.appendingPathComponent("mockapi").path
        guard FileManager.default.isExecutableFile(atPath: candidate) else {
            throw Failure(description: "\(candidate) is missing: build it with `swift build --build-tests` (scripts/test does)")
        }
        return candidate
    }

    private let process: Process
    private let output = PipeReader()
    private let error = PipeReader()

    /// Starts `mockapi ARGUMENTS` (with extra environment variables). A server (`serve`, `record`) is tied to this
    /// test process with `--exit-with`, so that none outlives a test run that is killed.
    package init(_ arguments: [String], environment: [String: String] = [:]) throws {
        process = Process()
        process.executableURL = URL(fileURLWithPath: try Self.binary())
        let runsAServer = ["serve", "record"].contains(arguments.first ?? "") && !arguments.contains("--exit-with")
        process.arguments = arguments + (runsAServer ? ["--exit-with", String(getpid())] : [])
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let stdout = Pipe(), stderr = Pipe()
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        output.drain(stdout.fileHandleForReading)
        error.drain(stderr.fileHandleForReading)
    }

    package var pid: Int32 { process.processIdentifier }

    /// The first line the process writes on stdout (nil if it exits first).
    package func firstLine() async -> String? { await output.firstLine() }

    /// The URL of the ready line (`mockapi: listening on URL with …`).
    package func listeningURL() async throws -> String {
        let line = await firstLine()
        guard let line, let range = line.range(of: "listening on ") else {
            throw Failure(description: "mockapi did not start: \(line ?? "no output"); stderr: \(error.text)")
        }
        return String(line[range.upperBound...].prefix { $0 != " " })
    }

    package func signal(_ number: Int32) { kill(process.processIdentifier, number) }

    /// What the process wrote on stderr so far.
    package var errorText: String { error.text }

    /// Waits until the process has written `text` on stderr; false if it exits first.
    package func waitForError(containing text: String) async -> Bool { await error.waitFor(text) }

    /// Waits for the process to end: its exit status (or the number of the signal that ended it) and its output.
    package func finish() async -> (status: Int32, stdout: String, stderr: String) {
        let process = self.process
        let status: Int32 = await withCheckedContinuation { continuation in
            Thread.detachNewThread {
                process.waitUntilExit()
                continuation.resume(returning: process.terminationStatus)
            }
        }
        return (status, await output.all(), await error.all())
    }

    /// Runs to the end and returns what it printed.
    package static func run(_ arguments: [String], environment: [String: String] = [:]) async throws
        -> (status: Int32, stdout: String, stderr: String)
    {
        try await MockAPIProcess(arguments, environment: environment).finish()
    }
}

/// Collects a pipe's bytes on its own thread (blocking reads stay off the Swift concurrency pool).
private final class PipeReader: Sendable {
    private struct State {
        var bytes: [UInt8] = []
        var closed = false
        var lineWaiters: [CheckedContinuation<String?, Never>] = []
        var endWaiters: [CheckedContinuation<String, Never>] = []
        var textWaiters: [(text: String, continuation: CheckedContinuation<Bool, Never>)] = []
    }

    private let state = Mutex(State())

    func drain(_ handle: FileHandle) {
        Thread.detachNewThread {
            while true {
                let chunk = handle.availableData
                self.append(Array(chunk), closed: chunk.isEmpty)
                if chunk.isEmpty {
                    // Closed here, once, by its reader: left to FileHandle's deinit, Foundation on Linux can close the
                    // descriptor number a second time after another thread reused it (swiftlang/swift#57827), and an
                    // HTTP client's socket in the same test process then fails with EBADF.
                    try? handle.close()
                    return
                }
            }
        }
    }

    private func append(_ chunk: [UInt8], closed: Bool) {
        let (lines, ends, line, text, found) = state.withLock { state in
            state.bytes += chunk
            state.closed = state.closed || closed
            let all = String(decoding: state.bytes, as: UTF8.self)
            let found = state.textWaiters.filter { state.closed || all.contains($0.text) }.map { ($0.continuation, all.contains($0.text)) }
            state.textWaiters.removeAll { state.closed || all.contains($0.text) }
            let line = state.bytes.firstIndex(of: 0x0A).map { String(decoding: state.bytes[..<$0], as: UTF8.self) }
            var lines: [CheckedContinuation<String?, Never>] = []
            if line != nil || state.closed { swap(&lines, &state.lineWaiters) }
            var ends: [CheckedContinuation<String, Never>] = []
            if state.closed { swap(&ends, &state.endWaiters) }
            return (lines, ends, line, all, found)
        }
        for (waiter, seen) in found { waiter.resume(returning: seen) }
        for waiter in lines { waiter.resume(returning: line) }
        for waiter in ends { waiter.resume(returning: text) }
    }

    var text: String { state.withLock { String(decoding: $0.bytes, as: UTF8.self) } }

    func waitFor(_ text: String) async -> Bool {
        await withCheckedContinuation { continuation in
            let ready: Bool? = state.withLock { state in
                if String(decoding: state.bytes, as: UTF8.self).contains(text) { return true }
                if state.closed { return false }
                state.textWaiters.append((text, continuation))
                return nil
            }
            if let ready { continuation.resume(returning: ready) }
        }
    }

    func firstLine() async -> String? {
        await withCheckedContinuation { continuation in
            let ready: String?? = state.withLock { state in
                if let end = state.bytes.firstIndex(of: 0x0A) { return .some(String(decoding: state.bytes[..<end], as: UTF8.self)) }
                if state.closed { return .some(nil) }
                state.lineWaiters.append(continuation)
                return nil
            }
            if let ready { continuation.resume(returning: ready) }
        }
    }

    func all() async -> String {
        await withCheckedContinuation { continuation in
            let ready: String? = state.withLock { state in
                if state.closed { return String(decoding: state.bytes, as: UTF8.self) }
                state.endWaiters.append(continuation)
                return nil
            }
            if let ready { continuation.resume(returning: ready) }
        }
    }
}
