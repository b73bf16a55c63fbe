/// The placeholders that stand in for scrubbed secrets in cassettes: `<redacted>`, or `<NAME>` for the value of an
/// environment variable named with `--redact-env NAME`. Replay matching treats a recorded placeholder as "any value".
package enum RedactionMarker {
    package static let generic = "<redacted>"

    /// The placeholder for the value of an environment variable.
    package static func forVariable(_ name: String) -> String { "<\(name)>" }

    /// Whether a recorded value is a placeholder (and so matches any value).
    package static func isPlaceholder(_ value: String) -> Bool {
        if value == generic { return true }
        let utf8 = value.utf8
        guard utf8.count > 2, utf8.first == UInt8(ascii: "<"), utf8.last == UInt8(ascii: ">") else { return false }
        return utf8.dropFirst().dropLast().allSatisfy { byte in
            (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z")) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
                || byte == UInt8(ascii: "_")
        }
    }

    /// Whether a recorded value contains a placeholder, as in `token <redacted>` or `Bearer <GITHUB_TOKEN>`.
    package static func containsPlaceholder(_ value: String) -> Bool {
        // Every placeholder has a `<`; most values have none, and looking for one is a byte scan, where the search
        // for a substring and the split below cost microseconds a value (a recorder asks for every header and string).
        guard value.utf8Contains(UInt8(ascii: "<")) else { return false }
        return value.contains(generic) || value.split(separator: " ").contains { isPlaceholder(String($0)) }
    }
}
