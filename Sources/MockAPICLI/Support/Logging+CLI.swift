import Logging

enum Logging {
    /// A logger that prints plain lines on stderr at the chosen level.
    static func makeLogger(level: Logger.Level) -> Logger {
        Logger(label: "mockapi") { _ in TerminalLogHandler(level: level) }
    }
}
