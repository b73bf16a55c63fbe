import MockAPIJSON

/// A recorded body, stored in the most readable form that still gives back the exact bytes.
package enum Body: Sendable, Hashable {
    /// No body at all (a 204, a GET).
    case none
    /// JSON that one of the known layouts (``JSONLayout``) writes from its value as exactly the recorded bytes, kept
    /// as those bytes.
    case json(JSONBody)
    /// UTF-8 text.
    case text(String)
    /// Anything else, stored as base64.
    case binary([UInt8])
    /// A body that streamed, kept as the chunks it arrived in (``ChunkedBody``).
    case chunks(ChunkedBody)

    /// Chooses the representation for recorded bytes: JSON when writing the parsed value in one of the known layouts
    /// reproduces them exactly, else text when they are UTF-8, else binary.
    package init(bytes: [UInt8]) {
        self.init(bytes: bytes, keepingParsedJSON: false)
    }

    /// The same; with `keepingParsedJSON`, a JSON body keeps the value it was parsed into, so that scrubbing and
    /// encoding it do not parse it again (an answer being recorded, not one kept in memory for long).
    package init(bytes: [UInt8], keepingParsedJSON: Bool) {
        guard !bytes.isEmpty else {
            self = .none
            return
        }
        if let first = bytes.first(where: { !Body.isJSONWhitespace($0) }), Body.mayStartJSON(first),
            let value = try? JSONValue.parse(bytes), let layout = JSONLayout(of: bytes, value: value)
        {
            self = .json(JSONBody(checkedBytes: bytes, layout: layout, parsedValue: keepingParsedJSON ? value : nil))
            return
        }
        if let text = String(validating: bytes, as: UTF8.self) {
            self = .text(text)
        } else {
            self = .binary(bytes)
        }
    }

    /// The bytes replay sends.
    package var bytes: [UInt8] {
        switch self {
        case .none: []
        case .json(let json): json.bytes
        case .text(let text): Array(text.utf8)
        case .binary(let bytes): bytes
        case .chunks(let chunked): chunked.bytes
        }
    }

    /// The body with `transform` applied to its bytes: a chunked body chunk by chunk, with its times and boundaries
    /// kept (a value split between two chunks is not seen whole); any other stored anew from the new bytes.
    package func replacingBytes(_ transform: ([UInt8]) -> [UInt8]) -> Body {
        if case .chunks(let chunked) = self { return .chunks(chunked.mapChunks(transform)) }
        return Body(bytes: transform(bytes))
    }

    /// JSON with the compact form of `value`.
    package static func json(_ value: JSONValue) -> Body {
        .json(JSONBody(value))
    }

    package var isEmpty: Bool {
        if case .none = self { return true }
        return false
    }

    private static func isJSONWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
    }

    private static func mayStartJSON(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "{"), UInt8(ascii: "["), UInt8(ascii: "\""), UInt8(ascii: "-"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"):
            true
        default: false
        }
    }
}
