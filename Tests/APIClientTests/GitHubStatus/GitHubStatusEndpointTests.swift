import APIClient
import APIClientTesting
import Foundation
import GitHubStatusAPI
import Testing

/// The enum-style Status client on the in-memory transport: which request each case builds, and how the call site's
/// type picks what is decoded.
struct GitHubStatusEndpointTests {
    @Test(arguments: [
        (GitHubStatus.Endpoint.status, "/api/v2/status.json"),
        (.summary, "/api/v2/summary.json"),
        (.components, "/api/v2/components.json"),
        (.incidents(.all), "/api/v2/incidents.json"),
        (.incidents(.unresolved), "/api/v2/incidents/unresolved.json"),
        (.scheduledMaintenances(.all), "/api/v2/scheduled-maintenances.json"),
        (.scheduledMaintenances(.upcoming), "/api/v2/scheduled-maintenances/upcoming.json"),
        (.scheduledMaintenances(.active), "/api/v2/scheduled-maintenances/active.json"),
    ])
    func eachCase_isAGETOfItsPath(endpoint: GitHubStatus.Endpoint, path: String) async throws {
        let stub = StubTransport(.make(200, "{}"))
        let client = GitHubStatusClient(transport: stub)
        _ = try? await client.fetch(endpoint, as: [String: String].self)
        #expect(stub.urls == ["https://www.githubstatus.com" + path])
        #expect(stub.requests.first?.method == .get)
    }

    /// The member named by the case is decoded, snake_case and all, with both of Statuspage's date spellings.
    @Test func fetch_decodesTheCasesMember() async throws {
        let stub = StubTransport().on("GET", "/api/v2/scheduled-maintenances/active.json", .json(200, """
            {"page": {"id": "p"}, "scheduled_maintenances": [{"id": "m1", "name": "Web Tier Recycle",
              "status": "in_progress", "impact": "minor", "shortlink": "http://stspg.co:5000/Q0G", "page_id": "p",
              "created_at": "2014-05-14T14:27:17.303-06:00", "updated_at": "2014-05-14T20:35:12Z",
              "monitoring_at": null, "resolved_at": null, "incident_updates": [],
              "scheduled_for": "2014-05-14T14:30:00.000-06:00", "scheduled_until": "2014-05-14T16:30:00.000-06:00"}]}
            """))
        let maintenances: [GitHubStatus.Incident] = try await GitHubStatusClient(transport: stub)
            .fetch(.scheduledMaintenances(.active))
        let maintenance = try #require(maintenances.first)
        #expect(maintenance.pageId == "p")
        #expect(maintenance.createdAt == Date(timeIntervalSince1970: 1_400_099_237.303))
        #expect(maintenance.updatedAt == Date(timeIntervalSince1970: 1_400_099_712))
        #expect(maintenance.scheduledFor == Date(timeIntervalSince1970: 1_400_099_400))
    }

    /// Asking for one model where the page sends many is a decoding error that names the member.
    @Test func fetch_asTheWrongShape_isDecodingFailed() async throws {
        let stub = StubTransport(.json(200, #"{"page": {}, "components": []}"#))
        let client = GitHubStatusClient(transport: stub)
        let error = try #require(await apiError {
            try await client.fetch(.components, as: GitHubStatus.Component.self)
        })
        #expect(EventRecorder.caseName(error) == "decodingFailed")
        #expect(error.description.hasPrefix("GET https://www.githubstatus.com/api/v2/components.json: cannot decode "
            + "the 200 response (30 bytes): expected Dictionary<String, Any> at components"))
    }
}
