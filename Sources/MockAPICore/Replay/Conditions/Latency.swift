/// How long replay waits before answering (`--latency`). The wait parks the connection (a deferred reply): it holds
/// no thread, so many delayed requests wait side by side.
public enum Latency: Sendable, Equatable, CustomStringConvertible {
    /// Answer at once.
    case none
    /// Wait as long as the upstream took when the interaction was recorded (`durationMs`); answers with no recorded
    /// duration (mockapi's own, or recordings without it) go at once.
    case recorded
    /// Wait this many milliseconds before every answer.
    case fixed(milliseconds: Double)
    /// Wait a duration drawn uniformly from this range of milliseconds, from the seeded sequence (`--seed`).
    case random(milliseconds: ClosedRange<Double>)

    /// Parses `recorded`, `200ms`, `1.5s`, `50ms..300ms`, `0`. A number without unit is milliseconds.
    public init?(parsing text: String) {
        let trimmed = text.trimmingSpaces
        if trimmed == "recorded" {
            self = .recorded
            return
        }
        let parts = trimmed.split(separator: ".", omittingEmptySubsequences: false)
        if let gap = parts.firstIndex(where: \.isEmpty), gap > 0, gap + 1 < parts.count {
            // `50ms..300ms` splits at "." into ["50ms", "", "300ms"]; decimals (`0.5s..1.5s`) are put back together.
            let low = parts[..<gap].joined(separator: "."), high = parts[(gap + 1)...].joined(separator: ".")
            guard let low = Latency.milliseconds(low), let high = Latency.milliseconds(high), low <= high else { return nil }
            self = .random(milliseconds: low...high)
            return
        }
        guard let value = Latency.milliseconds(trimmed) else { return nil }
        self = value == 0 ? .none : .fixed(milliseconds: value)
    }

    /// `200ms` → 200, `1.5s` → 1500, `300` → 300; nil for anything else (negative, no number, other units).
    static func milliseconds(_ text: String) -> Double? {
        let text = text.trimmingSpaces
        let (number, scale): (Substring, Double) =
            text.hasSuffix("ms") ? (text.dropLast(2), 1) : text.hasSuffix("s") ? (text.dropLast(), 1000) : (Substring(text), 1)
        guard let value = Double(number), value.isFinite, value >= 0 else { return nil }
        return value * scale
    }

    /// As `--latency` takes it: `none`, `recorded`, `200ms`, `50ms..300ms`.
    public var description: String {
        switch self {
        case .none: "none"
        case .recorded: "recorded"
        case .fixed(let ms): Latency.show(ms)
        case .random(let range): "\(Latency.show(range.lowerBound))..\(Latency.show(range.upperBound))"
        }
    }

    private static func show(_ ms: Double) -> String {
        ms == ms.rounded() ? "\(Int(ms))ms" : "\(ms)ms"
    }

    /// The wait before one answer; `recordedMs` is the answering interaction's `durationMs`, `draw` a number in [0, 1).
    func milliseconds(recordedMs: Double?, draw: Double) -> Double {
        switch self {
        case .none: 0
        case .recorded: max(recordedMs ?? 0, 0)
        case .fixed(let ms): ms
        case .random(let range): range.lowerBound + draw * (range.upperBound - range.lowerBound)
        }
    }
}

extension String {
    var trimmingSpaces: String {
        var text = Substring(self)
        while text.first == " " { text.removeFirst() }
        while text.last == " " { text.removeLast() }
        return String(text)
    }
}
