import Foundation
import Synchronization

/// The real `mockapi` executable (built next to the test bundle) run as a child process, for what only a process
/// shows: exit status, stdout/stderr, signals.
final class MockAPIProcess: Sendable {
    /// `mockapi` in the build folder the tests run from.
    static var binary: String {
        let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        return executable.deletingLastPathComponent().appendingPathComponent("mockapi").path
    }

    private let process: Process
    private let output = Output()
    private let error = Output()

    init(_ arguments: [String]) throws {
        process = Process()
        process.executableURL = URL(fileURLWithPath: Self.binary)
        process.arguments = arguments
        let stdout = Pipe(), stderr = Pipe()
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        output.drain(stdout.fileHandleForReading)
        error.drain(stderr.fileHandleForReading)
    }

    /// The first line the process writes on stdout (nil if it exits first).
    func firstLine() async -> String? { await output.firstLine() }

    /// Waits until the process has written `text` on stderr; false if it exits first.
    func waitForError(containing text: String) async -> Bool { await error.waitFor(text) }

    /// What the process wrote on stderr so far.
    var errorText: String { error.text }

    func signal(_ number: Int32) { kill(process.processIdentifier, number) }

    var pid: Int32 { process.processIdentifier }

    /// Waits for the process to end.
    func finish() async -> (status: Int32, stdout: String, stderr: String) {
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
    static func run(_ arguments: [String]) async throws -> (status: Int32, stdout: String, stderr: String) {
        try await MockAPIProcess(arguments).finish()
    }
}

/// Collects a pipe's bytes on its own thread (blocking reads stay off the Swift concurrency pool).
private final class Output: Sendable {
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
                if chunk.isEmpty { return }
            }
        }
    }

    private func append(_ chunk: [UInt8], closed: Bool) {
        let found = state.withLock { state -> [(CheckedContinuation<Bool, Never>, Bool)] in
            let all = String(decoding: state.bytes + chunk, as: UTF8.self)
            let ready = state.textWaiters.filter { closed || all.contains($0.text) }
            state.textWaiters.removeAll { closed || all.contains($0.text) }
            return ready.map { ($0.continuation, all.contains($0.text)) }
        }
        defer { for (waiter, seen) in found { waiter.resume(returning: seen) } }
        let (lines, ends, line, text) = state.withLock { state in
            state.bytes += chunk
            state.closed = state.closed || closed
            let line = state.bytes.firstIndex(of: 0x0A).map { String(decoding: state.bytes[..<$0], as: UTF8.self) }
            var lines: [CheckedContinuation<String?, Never>] = []
            if line != nil || state.closed { swap(&lines, &state.lineWaiters) }
            var ends: [CheckedContinuation<String, Never>] = []
            if state.closed { swap(&ends, &state.endWaiters) }
            return (lines, ends, line, String(decoding: state.bytes, as: UTF8.self))
        }
        for waiter in lines { waiter.resume(returning: line) }
        for waiter in ends { waiter.resume(returning: text) }
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
