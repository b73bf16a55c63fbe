import MockAPIJSON

/// A JSON body kept as the bytes replay sends: its compact form (``JSONValue/compactBytes()``). A tree of a large
/// cassette set's bodies took more memory than the files themselves; the bytes are what replay needs, and the few
/// readers that want the tree (matching request bodies, lint, drift, scrub) parse it when they ask.
package struct CompactJSON: Sendable, Hashable {
    /// Compact JSON text, exactly as ``JSONValue/compactBytes()`` writes the value.
    package let bytes: [UInt8]

    package init(_ value: JSONValue) {
        // Written by appending, the array has up to twice the room it needs; kept for as long as the cassette is
        // loaded, so keep a copy without it.
        let written = value.compactBytes()
        var exact: [UInt8] = []
        exact.reserveCapacity(written.count)
        exact.append(contentsOf: written)
        bytes = exact
    }

    /// Bytes the caller has checked are exactly what ``JSONValue/compactBytes()`` writes for their value (recorded
    /// bytes, compared with the compact form of their parse).
    package init(compactBytes: [UInt8]) {
        bytes = compactBytes
    }

    /// The value, parsed again from the bytes.
    package var value: JSONValue {
        // Compact bytes of a value always parse back to it; only a value nested deeper than the parser takes
        // (JSONValue.maximumDepth), built in code rather than read, would not.
        guard let value = try? JSONValue.parse(bytes) else {
            preconditionFailure("compact JSON that does not parse: \(String(decoding: bytes.prefix(80), as: UTF8.self))")
        }
        return value
    }
}
