import Foundation
import MockAPICore

extension CassetteServer {
    /// Stops the server, settles the cassette file, and says what the test must fail for.
    ///
    /// A new recording replaces the cassette file only when the test neither threw nor had a request fail to record;
    /// otherwise the old file (or no file) stays and the message says so. Requests that matched no recording, failed
    /// recordings and, when ``strict``, unused recordings are failures.
    /// - Parameter thrown: what the test threw, if anything.
    /// - Returns: the failure to report, or nil when the test may pass (or fail with only its own error).
    func finish(afterThrowing thrown: (any Error)?) async -> CassetteFailure? {
        var problems: [String] = []
        var notes: [String] = []
        let failed = failedRecordings
        switch backend {
        case .replay(let server):
            do { try await server.finish() } catch {
                problems.append("the new recordings could not be completed in \(file): \(error)")
            }
        case .record(let server, let staging):
            var complete = true
            do { try await server.finish() } catch {
                complete = false
                problems.append("the recording could not be completed: \(error)")
            }
            if complete, thrown == nil, failed.isEmpty {
                do {
                    try staging.install()
                    if let previous = server.recorder.previous { CassetteServer.sayWhatChanged(in: file, name: name, replacing: previous) }
                } catch {
                    problems.append("the recording could not be saved as \(file): \(error)")
                }
            } else {
                staging.discard()
                notes.append(
                    FileManager.default.fileExists(atPath: file)
                        ? "the test failed while recording, so the new recording was discarded and \(file) is kept as it was"
                        : "the test failed while recording, so nothing was saved; \(file) does not exist yet")
            }
        }
        for (entry, reason) in failed { problems.append("\(entry.method) \(entry.path) could not be recorded: \(reason)") }
        let unmatched = self.unmatched
        if !unmatched.isEmpty {
            problems.append("\(unmatched.count) request\(unmatched.count == 1 ? "" : "s") matched no recording:")
            for report in unmatched.prefix(20) { problems += report.lines(indent: "  ") }
            if unmatched.count > 20 { problems.append("  … \(unmatched.count - 20) more") }
            problems.append("  To record what is missing: \(RecordMode.variable)=new swift test --filter <this test>")
        }
        if strict, thrown == nil, case .replay(let server) = backend {
            let unused = server.unusedInteractions
            if !unused.isEmpty {
                problems.append("\(unused.count) recorded interaction\(unused.count == 1 ? "" : "s") never used (strict):")
                for index in unused.prefix(20).map(\.index) {
                    problems.append("  \(name)[\(index)] \(server.service.describe(InteractionReference(cassette: name, index: index)))")
                }
            }
        }
        guard !problems.isEmpty || !notes.isEmpty else { return nil }
        var lines = ["mockapi: cassette \(name) (mode \(mode)):"] + problems.map { "  " + $0 } + notes.map { "  " + $0 }
        if let thrown { lines.append("  The test threw: \(thrown)") }
        return CassetteFailure(lines.joined(separator: "\n"))
    }

    /// Prints on stderr what a re-recording changed (`mockapi diff`'s summary and first lines), so the person
    /// re-recording sees it before committing.
    static func sayWhatChanged(in file: String, name: String, replacing previous: PreviousRecording) {
        guard let new = try? Cassette.load(file: file) else { return }
        let text = previous.review(of: new, name: name, file: file).map { "mockapi: cassette \(name): \($0)\n" }.joined()
        FileHandle.standardError.write(Data(text.utf8))
    }
}
