import MockAPICore
import MockAPIJSON
import Testing

/// `mockapi diff --markdown`, as a pull request comment shows it.
struct ReviewReportMarkdownTests {
    private static func interaction(_ target: String, json: String, at time: String, version: String? = nil) -> Interaction {
        var interaction = Interaction.make("GET", target, body: .json(try! JSONValue.parse(json)))
        interaction.recordedAt = time
        interaction.recordedWith = version
        return interaction
    }

    @Test func markdownSnapshot() {
        let old = Cassette(interactions: [
            Self.interaction("/repos/o/r", json: #"{"id":1,"name":"r","fork":false}"#, at: "2026-11-20T10:00:00Z"),
            Self.interaction("/repos/o/r/issues?page=1", json: "[]", at: "2026-11-20T10:00:00Z"),
        ])
        let new = Cassette(interactions: [
            Self.interaction("/repos/o/r", json: #"{"id":"1","name":"r","visibility":"public"}"#, at: "2026-11-28T09:00:00Z", version: "0.1.0"),
            Self.interaction("/repos/o/r/issues?page=2", json: "[]", at: "2026-11-28T09:00:01Z", version: "0.1.0"),
        ])
        let report = ReviewReport([CassetteDiff(name: "github/repo", old: old, oldFile: "a.json", new: new, newFile: "b.json")])
        #expect(report.markdown == """
            ### mockapi diff

            **1 interaction changed (1 breaking), 1 added, 1 removed, 0 unchanged; 1 of 1 cassette changed**

            #### `github/repo`

            recorded 2026-11-20T10:00:00Z by an unnoted mockapi release → recorded 2026-11-28T09:00:00Z to 2026-11-28T09:00:01Z by mockapi 0.1.0

            - changed `GET /repos/o/r` [0] — **breaking**
              - `$.id: type number 1 → string "1"` **(breaking)**
              - `$.fork removed (was false)` **(breaking)**
              - `$.visibility added: "public"`
            - added `GET /repos/o/r/issues?page=2` [1]
              - near miss of removed [1] `GET /repos/o/r/issues?page=1`:
                - `query parameter page: "2" (recorded "1")`
            - removed `GET /repos/o/r/issues?page=1` [1]

            """)
    }
}
