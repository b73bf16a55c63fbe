import MockAPIJSON

/// A JSON body kept as the bytes replay sends: its compact form (``JSONValue/compactBytes()``). A tree of a large
/// cassette set's bodies took more memory than the files themselves; the bytes are what replay needs, and the few
/// readers that want the tree (matching request bodies, lint, drift, scrub) parse it when they ask.
package struct CompactJSON: Sendable, Hashable {
    /// Compact JSON text, exactly as ``JSONValue/compactBytes()`` writes the value.
    package let bytes: [UInt8]
    /// The value the bytes were just parsed into, kept while an answer being recorded is scrubbed and encoded, so that
    /// it is parsed once instead of three times; nil for bodies read from cassettes, which keep only their bytes.
    private let parsed: Parsed?

    private final class Parsed: Sendable {
        let value: JSONValue
        init(_ value: JSONValue) { self.value = value }
    }

    package init(_ value: JSONValue) {
        // Written by appending, the array has up to twice the room it needs; kept for as long as the cassette is
        // loaded, so keep a copy without it.
        let written = value.compactBytes()
        var exact: [UInt8] = []
        exact.reserveCapacity(written.count)
        exact.append(contentsOf: written)
        bytes = exact
        parsed = nil
    }

    /// Bytes the caller has checked are exactly what ``JSONValue/compactBytes()`` writes for their value (recorded
    /// bytes, compared with the compact form of their parse).
    package init(compactBytes: [UInt8]) {
        bytes = compactBytes
        parsed = nil
    }

    /// The same, keeping the value they were parsed into (see ``value``).
    package init(compactBytes: [UInt8], parsedValue: JSONValue) {
        bytes = compactBytes
        parsed = Parsed(parsedValue)
    }

    /// Equal when the bytes are: a kept parse is only a shortcut to the same value.
    package static func == (lhs: CompactJSON, rhs: CompactJSON) -> Bool { lhs.bytes == rhs.bytes }

    package func hash(into hasher: inout Hasher) { hasher.combine(bytes) }

    /// The value: the one kept from parsing, else parsed again from the bytes.
    package var value: JSONValue {
        if let parsed { return parsed.value }
        // Compact bytes of a value always parse back to it; only a value nested deeper than the parser takes
        // (JSONValue.maximumDepth), built in code rather than read, would not.
        guard let value = try? JSONValue.parse(bytes) else {
            preconditionFailure("compact JSON that does not parse: \(String(decoding: bytes.prefix(80), as: UTF8.self))")
        }
        return value
    }
}
