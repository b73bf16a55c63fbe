import ArgumentParser
import Logging

package enum LogLevelOption: String, ExpressibleByArgument, CaseIterable, Sendable {
    case debug, info, warning, error

    var level: Logger.Level {
        switch self {
        case .debug: .debug
        case .info: .info
        case .warning: .warning
        case .error: .error
        }
    }
}
