/// Compares the shape of a recorded JSON body with the shape of a live one, never their values.
///
/// At each place, from the top:
/// - a kind the recording never had there is a type change (`$.id: number → string`), breaking;
/// - null where the recording only had values, or a value where it only had null, is a nullability change
///   (`$.closed_at: string → string or null`), breaking: the tests replaying the recording never saw it;
/// - fewer kinds than recorded (an array of issues that holds only open ones now, so no `closed_at` date) is not drift;
/// - a member every recorded object had and no live object has is removed, breaking (one only some recorded objects
///   had is optional: its absence is the data); a new member is added, not breaking, and what is under it is not
///   reported;
/// - array elements are compared as the union of their shapes; an empty array on either side says nothing about the
///   shape of elements, so it is never drift.
package enum JSONShapeDiff {
    package static func compare(recorded: JSONShape, live: JSONShape) -> [DriftFinding] {
        var findings: [DriftFinding] = []
        compare(recorded, live, at: "$", into: &findings)
        return findings
    }

    private static func compare(_ recorded: JSONShape, _ live: JSONShape, at path: String, into findings: inout [DriftFinding]) {
        let was = recorded.valueKinds, now = live.valueKinds
        let described = (recorded: JSONShape.describe(recorded.kinds), live: JSONShape.describe(live.kinds))
        if was.isEmpty || now.isEmpty {
            // Only null on one side: nothing to compare below it. Only null where null was recorded too is the data.
            if was.isEmpty != now.isEmpty, !(now.isEmpty && recorded.isNullable) {
                findings.append(DriftFinding(kind: .nullability, path: path, recorded: described.recorded, live: described.live, breaking: true))
            }
            return
        }
        if !now.isSubset(of: was) {
            findings.append(DriftFinding(kind: .type, path: path, recorded: described.recorded, live: described.live, breaking: true))
        } else if live.isNullable, !recorded.isNullable {
            findings.append(DriftFinding(kind: .nullability, path: path, recorded: described.recorded, live: described.live, breaking: true))
        }
        if was.contains(.object), now.contains(.object) {
            compareMembers(recorded, live, at: path, into: &findings)
        }
        if was.contains(.array), now.contains(.array), let recordedElements = recorded.elements, let liveElements = live.elements {
            compare(recordedElements, liveElements, at: path + "[*]", into: &findings)
        }
    }

    private static func compareMembers(_ recorded: JSONShape, _ live: JSONShape, at path: String, into findings: inout [DriftFinding]) {
        for name in recorded.memberNames {
            guard let was = recorded.members[name] else { continue }
            guard let now = live.members[name] else {
                guard recorded.isRequired(name) else { continue }
                findings.append(DriftFinding(
                    kind: .removed, path: member(name, of: path), recorded: JSONShape.describe(was.kinds), live: nil, breaking: true))
                continue
            }
            compare(was, now, at: member(name, of: path), into: &findings)
        }
        for name in live.memberNames where recorded.members[name] == nil {
            guard let now = live.members[name] else { continue }
            findings.append(DriftFinding(
                kind: .added, path: member(name, of: path), recorded: nil, live: JSONShape.describe(now.kinds), breaking: false))
        }
    }

    /// `$.owner.login`, or `$['content-type']` for a name that is not an identifier.
    package static func member(_ name: String, of path: String) -> String {
        let isIdentifier = !name.isEmpty && name.utf8.allSatisfy(isIdentifierByte)
            && !(name.utf8.first.map { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") } ?? false)
        if isIdentifier { return path + "." + name }
        var quoted = ""
        for character in name {
            if character == "'" || character == "\\" { quoted.append("\\") }
            quoted.append(character)
        }
        return path + "['" + quoted + "']"
    }

    private static func isIdentifierByte(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "$")
    }
}
