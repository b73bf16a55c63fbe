import MockAPIJSON

/// A JSON body kept as the bytes replay sends, and the layout (``JSONLayout``) that writes its value as exactly those
/// bytes: compact for most, Python's spacing or an indented one for others. A tree of a large cassette set's bodies
/// took more memory than the files themselves; the bytes are what replay needs, and the few readers that want the tree
/// (matching request bodies, lint, drift, scrub) parse it when they ask.
package struct JSONBody: Sendable, Hashable {
    /// The JSON text, exactly as ``JSONValue/bytes(in:)`` writes the value in ``layout``.
    package let bytes: [UInt8]
    /// The value the bytes were just parsed into, kept while an answer being recorded is scrubbed and encoded, so that
    /// it is parsed once instead of three times; nil for bodies read from cassettes, which keep only their bytes.
    private let parsed: Parsed?
    /// How the text is laid out; a cassette names it beside the value unless it is compact. (Last, so that its three
    /// bytes share the body's eight-byte stride with the enum's tag rather than padding a word of their own.)
    package let layout: JSONLayout

    private final class Parsed: Sendable {
        let value: JSONValue
        init(_ value: JSONValue) { self.value = value }
    }

    /// The value written in `layout`.
    package init(_ value: JSONValue, layout: JSONLayout = .compact) {
        // Written by appending, the array has up to twice the room it needs; kept for as long as the cassette is
        // loaded, so keep a copy without it.
        let written = value.bytes(in: layout)
        var exact: [UInt8] = []
        exact.reserveCapacity(written.count)
        exact.append(contentsOf: written)
        bytes = exact
        self.layout = layout
        parsed = nil
    }

    /// Bytes the caller has checked are exactly what ``JSONValue/bytes(in:)`` writes for their value in `layout`
    /// (recorded bytes, compared with their parse written in it: ``JSONLayout/init(of:value:)``), with the value when
    /// it is to be kept (see ``value``).
    package init(checkedBytes: [UInt8], layout: JSONLayout, parsedValue: JSONValue?) {
        bytes = checkedBytes
        self.layout = layout
        parsed = parsedValue.map(Parsed.init)
    }

    /// Equal when the bytes are: the bytes are what replay sends, and a kept parse is only a shortcut to the same
    /// value.
    package static func == (lhs: JSONBody, rhs: JSONBody) -> Bool { lhs.bytes == rhs.bytes }

    package func hash(into hasher: inout Hasher) { hasher.combine(bytes) }

    /// The value: the one kept from parsing, else parsed again from the bytes.
    package var value: JSONValue {
        if let parsed { return parsed.value }
        // The bytes of a value in any layout parse back to it; only a value nested deeper than the parser takes
        // (JSONValue.maximumDepth), built in code rather than read, would not.
        guard let value = try? JSONValue.parse(bytes) else {
            preconditionFailure("JSON body that does not parse: \(String(decoding: bytes.prefix(80), as: UTF8.self))")
        }
        return value
    }
}
