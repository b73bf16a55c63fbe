/// When replay sends the chunks of a streamed answer (`--stream-timing`). Every mode keeps the recorded chunk
/// boundaries: each chunk is a separate write.
public enum StreamTiming: Sendable, Equatable, CustomStringConvertible {
    /// All chunks at once, one after the other.
    case none
    /// Each chunk as long after the headers as it came when it was recorded.
    case recorded
    /// The recorded times multiplied by this factor (`scale:0.5` plays twice as fast).
    case scale(Double)

    /// Parses `none`, `recorded`, `scale:FACTOR` (a factor of 0 or more).
    public init?(parsing text: String) {
        let trimmed = text.trimmingSpaces
        switch trimmed {
        case "none": self = .none
        case "recorded": self = .recorded
        default:
            guard trimmed.hasPrefix("scale:"), let factor = Double(trimmed.dropFirst("scale:".count)), factor.isFinite,
                factor >= 0
            else { return nil }
            self = .scale(factor)
        }
    }

    public var description: String {
        switch self {
        case .none: "none"
        case .recorded: "recorded"
        case .scale(let factor): "scale:\(factor)"
        }
    }

    /// When a chunk recorded `atMs` after the headers is due in replay.
    package func dueMs(_ atMs: Double) -> Double {
        switch self {
        case .none: 0
        case .recorded: atMs
        case .scale(let factor): atMs * factor
        }
    }

    package static let choices = "none, recorded, scale:FACTOR"
}
