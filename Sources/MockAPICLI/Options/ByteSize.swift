import ArgumentParser

/// A size written as `1048576`, `512k`, `16MB`, `1GiB`: k/M/G are powers of 1024.
package struct ByteSize: ExpressibleByArgument, Sendable, Equatable, CustomStringConvertible {
    package let bytes: Int

    package init(bytes: Int) {
        self.bytes = bytes
    }

    package init?(argument: String) {
        let text = argument.lowercased()
        let digits = text.prefix(while: \.isNumber)
        guard !digits.isEmpty, let number = Int(digits) else { return nil }
        let multiplier: Int
        switch text.dropFirst(digits.count) {
        case "", "b": multiplier = 1
        case "k", "kb", "kib": multiplier = 1 << 10
        case "m", "mb", "mib": multiplier = 1 << 20
        case "g", "gb", "gib": multiplier = 1 << 30
        default: return nil
        }
        let (product, overflow) = number.multipliedReportingOverflow(by: multiplier)
        guard !overflow else { return nil }
        self.bytes = product
    }

    package var description: String {
        if bytes >= 1 << 20, bytes % (1 << 20) == 0 { return "\(bytes >> 20)MB" }
        if bytes >= 1 << 10, bytes % (1 << 10) == 0 { return "\(bytes >> 10)k" }
        return "\(bytes)"
    }

    package var defaultValueDescription: String { description }
}
