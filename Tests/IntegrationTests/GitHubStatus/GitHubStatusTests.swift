import Foundation
import GitHubStatusAPI
import MockAPICore
import MockAPITesting
import Testing

/// The enum-style Status client against the replay server serving `Fixtures/githubstatus/` (the documented example
/// answers of www.githubstatus.com/api): every endpoint, decoded as one model or as an array of one, each request
/// answered by its own recording.
struct GitHubStatusTests {
    /// Runs `body` with a Status client pointed at a replay server of every `githubstatus/` cassette, then checks that
    /// each request found its recording.
    func withStatusPage(_ body: (GitHubStatusClient, ReplayServer) async throws -> Void) async throws {
        try await withReplayServer(cassettes: ["githubstatus"]) { server in
            try await body(GitHubStatusClient(baseURL: server.baseURL), server)
            expectNoUnmatched(server)
        }
    }

    static func date(_ text: String) -> Date? {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter.date(from: text)
    }

    /// One model: the page's rollup.
    @Test func status_isOneStatus() async throws {
        try await withStatusPage { client, server in
            let status: GitHubStatus.Status = try await client.fetch(.status)
            #expect([status.indicator, status.description] == ["major", "Partial System Outage"])
            #expect(answers(server) == ["githubstatus/status#0"])
        }
    }

    /// One model holding many: the whole summary, with both date spellings of the page.
    @Test func summary_isOneSummaryOfEverything() async throws {
        try await withStatusPage { client, server in
            let summary: GitHubStatus.Summary = try await client.fetch(.summary)
            #expect(summary.page.name == "GitHub")
            // The recorded https://www.githubstatus.com, rewritten by the mock to its own origin.
            #expect(summary.page.url.port == server.baseURL.port)
            #expect(summary.page.updatedAt == Date(timeIntervalSince1970: 1_662_365_245))     // 2022-09-05T08:07:25Z
            #expect(summary.status.indicator == "major")
            #expect(summary.components.map(\.status) == ["partial_outage", "major_outage"])
            #expect(summary.incidents.map(\.name) == ["Unplanned Database Outage"])
            #expect(summary.scheduledMaintenances.map(\.id) == ["w1zdr745wmfy", "k7mf5z1gz05c"])
            #expect(answers(server) == ["githubstatus/summary#0"])
        }
    }

    /// Many: the components, with the fields only the components list has.
    @Test func components_areManyComponents() async throws {
        try await withStatusPage { client, server in
            let components: [GitHubStatus.Component] = try await client.fetch(.components)
            #expect(components.map(\.name) == ["API", "Management Portal"])
            #expect(components.map(\.position) == [1, 2])
            #expect(components.map(\.group) == [false, false])
            #expect(components.map(\.showcase) == [true, true])
            #expect(components.first?.createdAt == Self.date("2014-05-03T01:22:07.274Z"))
            #expect(answers(server) == ["githubstatus/components#0"])
        }
    }

    @Test func incidents_all_areTheRecentIncidents() async throws {
        try await withStatusPage { client, server in
            let incidents: [GitHubStatus.Incident] = try await client.fetch(.incidents(.all))
            #expect(incidents.map(\.id) == ["cp306tmzcl0y", "2z5g29qrrxvl"])
            #expect(incidents.map(\.status) == ["identified", "resolved"])
            #expect(incidents.map(\.resolvedAt) == [nil, Self.date("2014-05-12T14:22:40.301-06:00")])
            #expect(incidents.map(\.scheduledFor) == [nil, nil])
            #expect(answers(server) == ["githubstatus/incidents#0"])
        }
    }

    @Test func incidents_unresolved_areOnlyTheOpenOnes() async throws {
        try await withStatusPage { client, server in
            let incidents = try await client.fetch(.incidents(.unresolved), as: [GitHubStatus.Incident].self)
            #expect(incidents.map(\.id) == ["cp306tmzcl0y"])
            let update = try #require(incidents.first?.incidentUpdates.first)
            #expect(update.incidentId == "cp306tmzcl0y")
            #expect(update.body.hasPrefix("Our master database has ham sandwiches flying out of the rack"))
            #expect(update.displayAt == Self.date("2014-05-14T14:22:40.301-06:00"))
            #expect(answers(server) == ["githubstatus/incidents-unresolved#0"])
        }
    }

    @Test func scheduledMaintenances_all_upcoming_active() async throws {
        try await withStatusPage { client, server in
            let all: [GitHubStatus.Incident] = try await client.fetch(.scheduledMaintenances(.all))
            let upcoming: [GitHubStatus.Incident] = try await client.fetch(.scheduledMaintenances(.upcoming))
            let active: [GitHubStatus.Incident] = try await client.fetch(.scheduledMaintenances(.active))
            #expect(all.map(\.name) == ["Network Maintenance (No Interruption Expected)", "Web Tier Recycle"])
            #expect(upcoming.map(\.status) == ["scheduled"])
            #expect(upcoming.first?.scheduledFor == Self.date("2014-05-17T22:00:00.000-06:00"))
            #expect(active.map(\.status) == ["in_progress"])
            #expect(active.first?.scheduledUntil == Self.date("2014-05-14T16:30:00.000-06:00"))
            #expect(active.first?.incidentUpdates.map(\.status) == ["in_progress", "scheduled"])
            #expect(answers(server) == [
                "githubstatus/scheduled-maintenances#0", "githubstatus/scheduled-maintenances-upcoming#0", "githubstatus/scheduled-maintenances-active#0",
            ])
        }
    }

    /// The Status client runs on `RESTClient`: the same listener events, and the same `APIError` for an answer it
    /// does not accept (here the 404 of a scoped URL whose cassette does not record the call).
    @Test func listenersAndErrors_areTheClientLibrarys() async throws {
        try await withReplayServer(cassettes: ["githubstatus"]) { server in
            let recorder = EventRecorder()
            let scoped = server.baseURL(for: "githubstatus/status")
            let client = GitHubStatusClient(baseURL: scoped) {
                $0.listeners = [recorder]
                $0.retryPolicy = .never
            }
            _ = try await client.fetch(.status, as: GitHubStatus.Status.self)
            let error = await #expect(throws: APIError.self) {
                try await client.fetch(.components, as: [GitHubStatus.Component].self)
            }

            #expect(error?.status == 404)
            #expect(error?.request.url == scoped.absoluteString + "/api/v2/components.json")
            #expect(recorder.calls == [
                ["start", "received 200 (attempt 1)", "validated 200", "decoded", "success", "end after 1"],
                ["start", "received 404 (attempt 1)", "error unexpectedStatus 404", "end after 1"],
            ])
        }
    }
}
