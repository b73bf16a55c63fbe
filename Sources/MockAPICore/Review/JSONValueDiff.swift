import MockAPIJSON

/// The differences between two JSON values, place by place from the top: members added and removed, kinds changed,
/// values changed (long strings as excerpts around their first difference), array lengths. Arrays are compared
/// element by element at the same index; a member removed and a kind changed are breaking.
package enum JSONValueDiff {
    /// At most this many changes are collected for one body; the last says how many more there were.
    package static let limit = 200

    package static func compare(_ old: JSONValue, _ new: JSONValue) -> [ReviewChange] {
        var changes: [ReviewChange] = []
        var more = 0
        compare(old, new, at: "$", into: &changes, more: &more)
        if more > 0 { changes.append(ReviewChange(.valueChanged, path: "…", old: "…", new: "and \(more) more changes")) }
        return changes
    }

    private static func compare(_ old: JSONValue, _ new: JSONValue, at path: String, into changes: inout [ReviewChange],
                                more: inout Int) {
        func add(_ change: ReviewChange) {
            if changes.count < limit { changes.append(change) } else { more += 1 }
        }
        switch (old, new) {
        case (.object(let was), .object(let now)):
            for member in was {
                let place = JSONShapeDiff.member(member.name, of: path)
                if let value = now.last(where: { $0.name == member.name })?.value {
                    compare(member.value, value, at: place, into: &changes, more: &more)
                } else {
                    add(ReviewChange(.memberRemoved, path: place, old: excerpt(member.value), new: nil, breaking: true))
                }
            }
            for member in now where !was.contains(where: { $0.name == member.name }) {
                add(ReviewChange(.memberAdded, path: JSONShapeDiff.member(member.name, of: path), old: nil, new: excerpt(member.value)))
            }
        case (.array(let was), .array(let now)):
            if was.count != now.count {
                add(ReviewChange(.arrayLength, path: path, old: String(was.count), new: String(now.count)))
            }
            for index in 0..<min(was.count, now.count) {
                compare(was[index], now[index], at: "\(path)[\(index)]", into: &changes, more: &more)
            }
        default:
            let kinds = (JSONValueDiff.kind(of: old), JSONValueDiff.kind(of: new))
            if kinds.0 != kinds.1 {
                add(ReviewChange(.typeChanged, path: path, old: "\(kinds.0.rawValue) \(excerpt(old))",
                                 new: "\(kinds.1.rawValue) \(excerpt(new))", breaking: true))
            } else if old.canonicalBytes() != new.canonicalBytes() {
                add(ReviewChange.value(.valueChanged, path: path, from: old, to: new))
            }
        }
    }

    static func kind(of value: JSONValue) -> JSONShape.Kind {
        switch value {
        case .null: .null
        case .bool: .boolean
        case .number: .number
        case .string: .string
        case .array: .array
        case .object: .object
        }
    }

    /// A value shortened for one line, as near misses show one.
    static func excerpt(_ value: JSONValue) -> String { RequestComparison.clip(value) }
}
