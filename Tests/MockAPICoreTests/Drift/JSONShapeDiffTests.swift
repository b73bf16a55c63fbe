import MockAPICore
import MockAPIJSON
import Testing

/// Structure, never values: what counts as drift in a JSON body, and with which path and words.
struct JSONShapeDiffTests {
    private func diff(_ recorded: String, _ live: String) throws -> [String] {
        try JSONShapeDiff.compare(recorded: JSONShape(of: JSONValue.parse(recorded)), live: JSONShape(of: JSONValue.parse(live)))
            .map { "\($0.description)\($0.breaking ? "" : " [not breaking]")" }
    }

    @Test func otherValues_sameShape_areNoDrift() throws {
        #expect(try diff(
            #"{"id":1,"name":"a","private":false,"created_at":"2020-01-01T00:00:00Z","stars":10,"owner":{"login":"o"},"topics":["x"]}"#,
            #"{"id":987654321,"name":"b","private":true,"created_at":"2026-11-23T04:00:00Z","stars":1.5,"owner":{"login":"p"},"topics":["y","z","w"]}"#
        ) == [])
    }

    @Test func membersOrderDoesNotMatter() throws {
        #expect(try diff(#"{"a":1,"b":"x"}"#, #"{"b":"y","a":2}"#) == [])
    }

    @Test func removedMember_isBreaking_andAddedIsNot() throws {
        #expect(try diff(
            #"{"owner":{"login":"o","id":1},"name":"r"}"#,
            #"{"owner":{"id":1},"name":"r","visibility":"public"}"#
        ) == ["$.owner.login removed", "$.visibility added [not breaking]"])
    }

    /// What is under a new member is new too; only the member is reported.
    @Test func addedMember_isReportedOnceNotItsInside() throws {
        #expect(try diff(#"{"a":1}"#, #"{"a":1,"license":{"key":"mit","name":"MIT"}}"#) == ["$.license added [not breaking]"])
    }

    @Test func changedType_namesBothKinds() throws {
        #expect(try diff(#"{"id":1,"tags":[],"user":{"x":1}}"#, #"{"id":"1","tags":{},"user":[1]}"#) == [
            "$.id: number → string", "$.tags: array → object", "$.user: object → array",
        ])
    }

    @Test func nullability_inBothDirections_isBreaking() throws {
        #expect(try diff(#"{"closed_at":null,"body":"text"}"#, #"{"closed_at":"2026-01-01","body":null}"#) == [
            "$.closed_at: null → string (nullability)", "$.body: string → null (nullability)",
        ])
    }

    /// Nothing is compared below a place where only null was recorded: its shape was never known.
    @Test func valueWhereOnlyNullWasRecorded_isOneFinding() throws {
        #expect(try diff(#"{"milestone":null}"#, #"{"milestone":{"id":1,"title":"v1"}}"#) == ["$.milestone: null → object (nullability)"])
    }

    /// Array elements are compared as the union of their shapes: a member some elements have is present, and optional.
    @Test func arrayElements_areComparedAsTheirUnion() throws {
        let recorded = #"[{"id":1,"pull_request":{"url":"u"}},{"id":2}]"#
        #expect(try diff(recorded, #"[{"id":3},{"id":4,"pull_request":{"url":"v"}}]"#) == [])
        #expect(try diff(recorded, #"[{"id":4,"pull_request":{"url":7}}]"#) == ["$[*].pull_request.url: string → number"])
        #expect(try diff(recorded, #"[{"id":"3"}]"#) == ["$[*].id: number → string"])
    }

    /// A member only some recorded elements had (GitHub's `pull_request` on issues that are pull requests) is optional:
    /// a live list without it is the data. One every recorded element had is removed when no live element has it.
    @Test func optionalMembers_mayBeAbsent_requiredOnesMayNot() throws {
        #expect(try diff(#"[{"id":1,"pull_request":{"url":"u"}},{"id":2}]"#, #"[{"id":3},{"id":4}]"#) == [])
        #expect(try diff(#"[{"id":1,"labels":[]},{"id":2,"labels":[]}]"#, #"[{"id":3},{"id":4}]"#) == ["$[*].labels removed"])
        #expect(try diff(#"[{"id":1,"labels":[]},{"id":2,"labels":[]}]"#, #"[{"id":3},{"id":4,"labels":[]}]"#) == [])
    }

    /// An empty array says nothing about the shape of its elements, on either side.
    @Test func emptyArrays_areNeverDrift() throws {
        #expect(try diff(#"{"labels":[]}"#, #"{"labels":[{"name":"bug"}]}"#) == [])
        #expect(try diff(#"{"labels":[{"name":"bug"}]}"#, #"{"labels":[]}"#) == [])
        #expect(try diff(#"[]"#, #"[1]"#) == [])
    }

    @Test func nestedArrayElementShapes_areCompared() throws {
        #expect(try diff(#"[{"labels":[{"name":"bug","color":"f00"}]}]"#, #"[{"labels":[{"name":7}]}]"#) == [
            "$[*].labels[*].name: string → number", "$[*].labels[*].color removed",
        ])
    }

    /// Fewer kinds than the recording had (no closed issue in the list today) is the data, not the API.
    @Test func fewerKindsInAUnion_isNoDrift_butNullNewlyAllowedIs() throws {
        #expect(try diff(#"[{"closed_at":null},{"closed_at":"2026-01-01"}]"#, #"[{"closed_at":null}]"#) == [])
        #expect(try diff(#"[{"closed_at":"2026-01-01"}]"#, #"[{"closed_at":null},{"closed_at":"2026-01-02"}]"#) == [
            "$[*].closed_at: string → string or null (nullability)",
        ])
        #expect(try diff(#"[1,"a"]"#, #"[2,true]"#) == ["$[*]: number or string → boolean or number"])
    }

    @Test func namesThatAreNotIdentifiers_areQuoted() throws {
        #expect(try diff(#"{"content-type":"x","it's":1,"2fa":true}"#, #"{}"#) == [
            "$['content-type'] removed", #"$['it\'s'] removed"#, "$['2fa'] removed",
        ])
    }

    @Test func topLevelKindChange() throws {
        #expect(try diff(#"{"a":1}"#, #"[{"a":1}]"#) == ["$: object → array"])
    }
}
