import Logging
import MockAPICore
import Glibc

/// Logs one plain line per message on stderr: `mockapi: warning: unmatched GET /x …`. Meant for people reading a
/// terminal or a CI log, not for log shippers.
package struct TerminalLogHandler: LogHandler {
    package var logLevel: Logger.Level
    package var metadata: Logger.Metadata = [:]

    package init(level: Logger.Level) {
        self.logLevel = level
    }

    package subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    package func log(event: LogEvent) {
        var line = "mockapi: "
        switch event.level {
        case .warning: line += "warning: "
        case .error, .critical: line += "error: "
        case .debug, .trace: line += "debug: "
        case .info, .notice: break
        }
        line += event.message.description
        let merged = metadata.merging(event.metadata ?? [:]) { $1 }
        if !merged.isEmpty {
            line += " " + merged.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
        }
        Terminal.writeError(line + "\n")
    }
}

/// Unbuffered writes to the standard streams, safe from any thread.
package enum Terminal {
    package static func writeError(_ text: String) {
        write(text, to: 2)
    }

    package static func writeOutput(_ text: String) {
        write(text, to: 1)
    }

    private static func write(_ text: String, to descriptor: Int32) {
        // Best effort: a closed stdout or stderr is no reason to stop serving.
        try? FileIO.writeAll(Array(text.utf8), to: descriptor)
    }
}
