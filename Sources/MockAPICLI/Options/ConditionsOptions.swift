import ArgumentParser
import MockAPICore
import Glibc

// Public only because the protocol and the types are: the CLI module itself is the package's own.
extension Latency: ExpressibleByArgument {
    public init?(argument: String) {
        self.init(parsing: argument)
    }

    public var defaultValueDescription: String { description }
}

extension StreamTiming: ExpressibleByArgument {
    public init?(argument: String) {
        self.init(parsing: argument)
    }

    public var defaultValueDescription: String { description }
}

extension Fault: ExpressibleByArgument {
    public init?(argument: String) {
        self.init(parsing: argument)
    }
}

/// `serve`'s flags for slow and failing answers.
package struct ConditionsOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "Wait before each answer: recorded (each interaction's recorded durationMs), a fixed time (200ms, 1.5s), "
                + "or a random one from a range (50ms..300ms). Waiting holds no thread.",
            valueName: "latency"))
    package var latency: Latency = .none

    @Option(
        name: .customLong("stream-timing"),
        help: ArgumentHelp(
            "When the chunks of a streamed answer (Server-Sent Events, NDJSON) go out: none (at once, each chunk a "
                + "separate write), recorded (with the recorded gaps), or scale:FACTOR (the gaps times FACTOR). "
                + "Latency delays the first byte. Waiting holds no thread.",
            valueName: "timing"))
    package var streamTiming: StreamTiming = .none

    @Option(
        name: .customLong("fault-rate"),
        help: ArgumentHelp("Share of requests, 0 to 1, that get a --fault instead of their answer.", valueName: "rate"))
    package var faultRate: Double = 0

    @Option(
        help: ArgumentHelp(
            "What a faulted request gets (repeatable; each equally likely): 503, 429 (or any status 400–599), reset "
                + "(connection reset, no answer), timeout (no answer until the client gives up or --timeout passes), "
                + "truncate (headers and half the body, then the connection closes), cut:N (a streamed answer cut after N "
                + "chunks).",
            valueName: "fault"))
    package var fault: [Fault] = []

    @Option(
        help: ArgumentHelp(
            "Seed of the random latency and faults: the same seed gives each base URL the same sequence. "
                + "Printed at start when not given.",
            valueName: "number"))
    package var seed: UInt64?

    package init() {}

    package func validate() throws {
        guard faultRate >= 0, faultRate <= 1 else { throw ValidationError("--fault-rate must be from 0 to 1, for example 0.1.") }
        if faultRate > 0, fault.isEmpty {
            throw ValidationError("--fault-rate needs at least one --fault: \(Fault.choices).")
        }
        if !fault.isEmpty, faultRate == 0 {
            throw ValidationError("--fault needs --fault-rate (from 0 to 1); to fail one request, send the header \(Fault.header): \(fault[0]).")
        }
    }

    /// The conditions, with a seed from the clock when none was given.
    func conditions() -> ReplayConditions {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        // A short seed, easy to copy from the log into --seed.
        let seed = self.seed ?? ((UInt64(now.tv_sec) &* 1_000_003) ^ UInt64(now.tv_nsec)) % 1_000_000
        return ReplayConditions(latency: latency, faultRate: faultRate, faults: fault, seed: seed)
    }
}
