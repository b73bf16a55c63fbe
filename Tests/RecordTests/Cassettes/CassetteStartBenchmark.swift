import Foundation
import MockAPICore
import MockAPITesting
import TestSupport
import Testing

/// What starting a test's cassette server costs: `withCassette` over a one-interaction fixture, started, asked once
/// and stopped, many times in a row. A measurement, run by `scripts/bench cassette-start` (off in the test suite,
/// where timings mean nothing); it still checks that every server answered from its cassette.
struct CassetteStartBenchmark {
    static let rounds = Int(ProcessInfo.processInfo.environment["MOCKAPI_BENCH_CASSETTE_START"] ?? "") ?? 0

    @Test(.enabled(if: rounds > 0, "scripts/bench cassette-start sets MOCKAPI_BENCH_CASSETTE_START"))
    func startAskStop() async throws {
        var startToReady: [Double] = []
        var whole: [Double] = []
        let clock = ContinuousClock()
        for _ in 0..<Self.rounds {
            let began = clock.now
            var ready = began
            let status = try await withCassette("github/get-root", mode: .none) { server in
                ready = clock.now
                return try await TestClient.shared.send("GET", server.baseURL.absoluteString + "/").status
            }
            whole.append(Self.milliseconds(began.duration(to: clock.now)))
            startToReady.append(Self.milliseconds(began.duration(to: ready)))
            #expect(status == 200)
        }
        print("cassette-start: \(Self.rounds) rounds; start to ready median \(Self.median(startToReady)) ms, "
            + "p90 \(Self.percentile(startToReady, 0.9)) ms; start, one request, stop median \(Self.median(whole)) ms")
    }

    static func milliseconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
    }

    static func median(_ values: [Double]) -> String { percentile(values, 0.5) }

    static func percentile(_ values: [Double], _ fraction: Double) -> String {
        let sorted = values.sorted()
        return String(format: "%.2f", sorted[min(sorted.count - 1, Int(Double(sorted.count) * fraction))])
    }
}
