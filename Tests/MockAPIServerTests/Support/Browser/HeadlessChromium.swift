import Foundation
import MockAPIJSON
import Synchronization

/// A headless Chromium driven through `scripts/lib/cdp_driver.py` (DevTools protocol over a pipe): open a page, wait for a script
/// to be true, read values, take a screenshot. Every step is bounded in time by the driver.
final class HeadlessChromium: Sendable {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// Chromium's path: `$CHROMIUM`, else `chromium` or `chromium-browser` on the PATH; nil when there is none.
    static var executable: String? {
        let environment = ProcessInfo.processInfo.environment
        if let configured = environment["CHROMIUM"], !configured.isEmpty { return configured }
        for folder in (environment["PATH"] ?? "/usr/bin").split(separator: ":") {
            for name in ["chromium", "chromium-browser"] where FileManager.default.isExecutableFile(atPath: "\(folder)/\(name)") {
                return "\(folder)/\(name)"
            }
        }
        return nil
    }

    /// Whether the page test must run (scripts/test sets it, after installing Chromium): then a missing browser fails
    /// the test instead of skipping it.
    static var isRequired: Bool { ProcessInfo.processInfo.environment["MOCKAPI_REQUIRE_CHROMIUM"] == "1" }

    private let process = Process()
    private let input: FileHandle
    private let lines = LineReader()

    init(executable: String) throws {
        let driver = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../../../scripts/lib/cdp_driver.py").standardized.path
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", driver, executable, "--limit", "90"]
        let stdin = Pipe(), stdout = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        try process.run()
        input = stdin.fileHandleForWriting
        lines.drain(stdout.fileHandleForReading)
    }

    /// Sends one command and returns the driver's answer; throws when it reports a failure.
    @discardableResult
    func call(_ command: [JSONMember]) async throws -> JSONValue {
        var line = JSONValue.object(command).compactBytes()
        line.append(UInt8(ascii: "\n"))
        try input.write(contentsOf: Data(line))
        guard let text = await lines.next() else { throw Failure(description: "the Chromium driver stopped") }
        let answer = try JSONValue.parse(Array(text.utf8))
        guard answer["ok"] == .bool(true) else { throw Failure(description: "Chromium: \(text)") }
        return answer
    }

    func open(_ url: String) async throws { try await call([JSONMember("cmd", .string("open")), JSONMember("url", .string(url))]) }

    /// The value of a script (its promise awaited).
    func evaluate(_ script: String) async throws -> JSONValue? {
        try await call([JSONMember("cmd", .string("eval")), JSONMember("js", .string(script))])["value"]
    }

    /// Waits until a script's value is truthy, for at most `seconds`.
    func wait(until script: String, seconds: Int = 15) async throws {
        try await call([JSONMember("cmd", .string("wait")), JSONMember("js", .string(script)), JSONMember("timeout", .integer(seconds))])
    }

    func screenshot(to path: String) async throws -> Int {
        let answer = try await call([JSONMember("cmd", .string("screenshot")), JSONMember("path", .string(path))])
        guard case .number(let bytes)? = answer["bytes"] else { return 0 }
        return Int(bytes) ?? 0
    }

    func quit() async {
        _ = try? await call([JSONMember("cmd", .string("quit"))])
        try? input.close()
        let process = self.process
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            Thread.detachNewThread {
                process.waitUntilExit()
                continuation.resume()
            }
        }
    }
}

/// The driver's answers, one line each, read on a thread of their own.
private final class LineReader: Sendable {
    private struct State {
        var buffer: [UInt8] = []
        var closed = false
        var waiters: [CheckedContinuation<String?, Never>] = []
    }

    private let state = Mutex(State())

    func drain(_ handle: FileHandle) {
        Thread.detachNewThread {
            while true {
                let chunk = handle.availableData
                let ready = self.state.withLock { state -> [(CheckedContinuation<String?, Never>, String?)] in
                    state.buffer += chunk
                    state.closed = chunk.isEmpty
                    return Self.deliver(&state)
                }
                for (waiter, line) in ready { waiter.resume(returning: line) }
                if chunk.isEmpty {
                    try? handle.close()    // once, here: see MockAPIProcess (swiftlang/swift#57827)
                    return
                }
            }
        }
    }

    func next() async -> String? {
        await withCheckedContinuation { continuation in
            let ready = state.withLock { state -> [(CheckedContinuation<String?, Never>, String?)] in
                state.waiters.append(continuation)
                return Self.deliver(&state)
            }
            for (waiter, line) in ready { waiter.resume(returning: line) }
        }
    }

    /// Pairs waiting readers with complete lines (or with nil once the driver is gone).
    private static func deliver(_ state: inout State) -> [(CheckedContinuation<String?, Never>, String?)] {
        var ready: [(CheckedContinuation<String?, Never>, String?)] = []
        while !state.waiters.isEmpty {
            if let end = state.buffer.firstIndex(of: 0x0A) {
                let line = String(decoding: state.buffer[..<end], as: UTF8.self)
                state.buffer.removeFirst(end + 1)
                ready.append((state.waiters.removeFirst(), line))
            } else if state.closed {
                ready.append((state.waiters.removeFirst(), nil))
            } else {
                break
            }
        }
        return ready
    }
}
