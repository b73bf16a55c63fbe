import ArgumentParser
import Logging
import MockAPICore
import MockAPIServer

/// `serve --watch`: reloads cassettes when their files change, and says what happened on stderr.
enum ReloadOnChange {
    static func start(_ replay: ReplayService, paths: [String], logger: Logger) throws -> FileWatcher {
        do {
            return try FileWatcher(paths: paths) {
                let report = replay.reload()
                for name in report.reloaded { logger.info("reloaded \(name)") }
                for name in report.added { logger.info("added \(name)") }
                for name in report.removed { logger.info("removed \(name) (its file is gone)") }
                for problem in report.problems { logger.error("\(problem)") }
            }
        } catch {
            throw CommandFailure("--watch: \(error)")
        }
    }
}
