import ArgumentParser

/// A span of time written as `90d`, `2w`, `12h`, `30m` or `45s` (a bare number is seconds).
package struct TimeSpan: ExpressibleByArgument, Sendable, Equatable, CustomStringConvertible {
    package let seconds: Double
    /// As written, for messages.
    package let description: String

    package init(seconds: Double, description: String) {
        self.seconds = seconds
        self.description = description
    }

    package init?(argument: String) {
        let text = argument.lowercased()
        let digits = text.prefix { $0.isNumber || $0 == "." }
        guard !digits.isEmpty, let number = Double(digits), number.isFinite, number >= 0 else { return nil }
        let unit: Double
        switch text.dropFirst(digits.count) {
        case "", "s": unit = 1
        case "m": unit = 60
        case "h": unit = 3_600
        case "d": unit = 86_400
        case "w": unit = 7 * 86_400
        default: return nil
        }
        self.init(seconds: number * unit, description: argument)
    }

    package var defaultValueDescription: String { description }
}
