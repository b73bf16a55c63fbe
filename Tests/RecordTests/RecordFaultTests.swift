import Foundation
import MockAPICore
import MockAPITesting
import MockAPIJSON
import TestSupport
import Testing

/// When the upstream cannot answer, the client gets 502 (504 for a timeout) with a JSON body saying what failed
/// where; nothing is recorded, and the recorder goes on serving the other upstream.
@Suite(.serialized) struct RecordFaultTests {
    /// Records through a rig whose `/bad` mount points at a failing upstream and `/` at a healthy one.
    private func expectFault(upstream badURL: String, timeout: Double = 30, status: Int, cause: String, says: String,
                             sourceLocation: SourceLocation = #_sourceLocation) async throws {
        let healthy = try StandInUpstream(always: .text(status: 200, "healthy"))
        let rig = try RecordRig([("/bad", badURL), ("/", healthy.url)], upstreamTimeout: timeout)
        do {
            let failed = try await rig.record("GET", "/bad/repos/o/r?x=1")
            #expect(failed.status == status, sourceLocation: sourceLocation)
            #expect(failed.headers["x-mockapi-error"] == cause, sourceLocation: sourceLocation)
            let body = try JSONValue.parse(failed.body)
            let message = body["error"]?.stringValue ?? ""
            #expect(message.hasPrefix("mockapi: upstream \(badURL) failed for GET /bad/repos/o/r?x=1: "), sourceLocation: sourceLocation)
            #expect(message.hasSuffix("; nothing was recorded"), sourceLocation: sourceLocation)
            #expect(message.contains(says), "\(message)", sourceLocation: sourceLocation)
            #expect(body["upstream"]?.stringValue == badURL + "/repos/o/r?x=1", sourceLocation: sourceLocation)
            #expect(try rig.cassette.interactions.isEmpty, sourceLocation: sourceLocation)
            // The recorder keeps serving.
            #expect(try await rig.record("GET", "/still/here").text == "healthy", sourceLocation: sourceLocation)
            #expect(try rig.cassette.interactions.map(\.request.path) == ["/still/here"], sourceLocation: sourceLocation)
            #expect(rig.recorder.journal.counts.failed == 1, sourceLocation: sourceLocation)
            // What a test reads: each request and what became of it, in order.
            let requests = rig.recorder.requests
            #expect(requests.map(\.path) == ["/bad/repos/o/r", "/still/here"], sourceLocation: sourceLocation)
            #expect(requests.map(\.status) == [failed.status, 200], sourceLocation: sourceLocation)
        } catch {
            Issue.record(error, sourceLocation: sourceLocation)
        }
        await rig.stop()
        await healthy.stop()
    }

    @Test func refusedConnection_is502() async throws {
        let (port, socket) = try RawTCP.refusingPort()
        defer { close(socket) }
        try await expectFault(
            upstream: "http://127.0.0.1:\(port)", status: 502, cause: "refused",
            says: ": connection refused (nothing accepts connections at 127.0.0.1:\(port))")
    }

    @Test func resetConnection_is502() async throws {
        let resetting = try ResettingServer()
        defer { resetting.stop() }
        try await expectFault(
            upstream: resetting.url, status: 502, cause: "reset", says: ": connection reset or closed before the answer was complete (")
    }

    /// A host name that cannot resolve (an empty label: the resolver refuses it without asking the network).
    @Test func unknownHost_is502() async throws {
        try await expectFault(
            upstream: "http://mockapi-test..invalid", status: 502, cause: "dns",
            says: ": host name does not resolve (mockapi-test..invalid)")
    }

    @Test func slowUpstream_is504() async throws {
        let slow = try StandInUpstream { _ in
            .deferred {
                try? await Task.sleep(for: .seconds(30))
                return .response(.text(status: 200, "too late"))
            }
        }
        // The timeout covers the rig's follow-up request to the healthy upstream too: 0.5 s was once too short for
        // that under ThreadSanitizer with the other suites running.
        try await expectFault(
            upstream: slow.url, timeout: 1.5, status: 504, cause: "timeout",
            says: ": no answer in time (nothing complete within the upstream timeout of 1.5 s)")
        await slow.stop()
    }

    /// Error statuses from the upstream are answers, recorded like any other.
    @Test func upstreamServerError_isRecorded() async throws {
        try await withRig(upstream: { _ in .response(.json(status: 500, Array(#"{"message":"Server Error"}"#.utf8))) }) { rig, _ in
            let answer = try await rig.record("GET", "/boom")
            #expect(answer.status == 500)
            #expect(answer.headers["x-mockapi-error"] == nil)
            #expect(try rig.cassette.interactions.map(\.response.status) == [500])
        }
    }
}
