/// Slow and failing answers on purpose: latency for every answer and faults for a share of requests, both drawn from
/// a sequence fixed by `seed`. Each replay view (the plain base URL, each cassette's scoped base URL) numbers its own
/// requests, so with the same seed the n-th request in a view always gets the same delay and the same fault,
/// whatever runs in other views at the same time.
public struct ReplayConditions: Sendable, Equatable {
    /// How long each answer waits.
    public var latency: Latency
    /// The share of requests, 0 to 1, that get one of `faults` instead of their answer.
    public var faultRate: Double
    /// The faults drawn from, each equally likely.
    public var faults: [Fault]
    /// Fixes the sequence of delays and faults (`--seed`): the same seed, the same sequence.
    public var seed: UInt64

    /// Conditions with this latency, fault rate, faults and seed; by default none.
    public init(latency: Latency = .none, faultRate: Double = 0, faults: [Fault] = [], seed: UInt64 = 0) {
        self.latency = latency
        self.faultRate = faultRate
        self.faults = faults
        self.seed = seed
    }

    /// No delay and no fault: answers as recorded, at once.
    public static let none = ReplayConditions()

    /// Whether anything is slowed or failed without a request asking for it.
    package var isActive: Bool { latency != .none || (faultRate > 0 && !faults.isEmpty) }

    /// The fault for request number `number` of a view, if it draws one.
    func fault(salt: UInt64, number: UInt64) -> Fault? {
        guard faultRate > 0, !faults.isEmpty,
            SeededDraw.unit(seed: seed, salt: salt, number: number, stream: 1) < faultRate
        else { return nil }
        let choice = SeededDraw.unit(seed: seed, salt: salt, number: number, stream: 2)
        return faults[min(Int(choice * Double(faults.count)), faults.count - 1)]
    }

    /// The wait before the answer to request number `number` of a view, in milliseconds.
    func delayMilliseconds(recordedMs: Double?, salt: UInt64, number: UInt64) -> Double {
        guard latency != .none else { return 0 }
        return latency.milliseconds(
            recordedMs: recordedMs, draw: SeededDraw.unit(seed: seed, salt: salt, number: number, stream: 3))
    }

    /// One line for the log: `latency 200ms; 10% of requests fail (503, reset); seed 42`.
    package var summary: String {
        var parts: [String] = []
        if latency != .none { parts.append("latency \(latency)") }
        if faultRate > 0, !faults.isEmpty {
            let percent = faultRate * 100
            let shown = percent == percent.rounded() ? "\(Int(percent))" : "\(percent)"
            parts.append("\(shown)% of requests fail (\(faults.map(\.description).joined(separator: ", ")))")
        }
        parts.append("seed \(seed)")
        return parts.joined(separator: "; ")
    }
}

/// Numbers in [0, 1) that depend only on (seed, salt, number, stream): a counter-based generator, so that no state is
/// shared between threads and a run is reproduced by its seed alone.
enum SeededDraw {
    static func unit(seed: UInt64, salt: UInt64, number: UInt64, stream: UInt64) -> Double {
        var x = mix(seed ^ mix(salt &+ stream &* 0x9E37_79B9_7F4A_7C15))
        x = mix(x ^ (number &* 0xD1B5_4A32_D192_ED03))
        return Double(x >> 11) * 0x1.0p-53
    }

    /// The splitmix64 finaliser.
    private static func mix(_ value: UInt64) -> UInt64 {
        var z = value &+ 0x9E37_79B9_7F4A_7C15
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

extension ReplayConditions {
    /// Why these conditions will not do what they were asked to with these cassettes, or nil: `recorded` latency
    /// over cassettes where no interaction has `durationMs` delays nothing.
    package func warning(for cassettes: [LoadedCassette]) -> String? {
        guard latency == .recorded,
            !cassettes.contains(where: { $0.cassette.interactions.contains { $0.durationMs != nil } })
        else { return nil }
        return "recorded: no loaded interaction has durationMs (mockapi record writes it; imported, converted and "
            + "hand-made cassettes may not), so no answer is delayed"
    }
}
