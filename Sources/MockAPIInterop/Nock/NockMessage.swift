import MockAPICore
import MockAPIJSON

/// Headers and bodies of a nock definition, turned into what a recorded cassette holds.
struct NockMessage {
    let file: String

    /// `reqheaders` or `headers` (name → string, number or a list of them) or `rawHeaders` (name, value, name,
    /// value, …). Names are stored in lower case, as nock writes `headers`; framing fields are dropped.
    func headers(_ field: InputField?) throws(InteropError) -> HTTPHeaders {
        guard let field else { return HTTPHeaders() }
        var pairs: [(name: String, value: String)] = []
        var places: [String] = []
        switch field.value {
        case .object(let members):
            for member in members {
                let values = field.child(member.name, member.value)
                let list = if case .array = values.value { try values.array() } else { [values] }
                for value in list {
                    pairs.append((member.name.lowercased(), try text(value)))
                    places.append(value.path)
                }
            }
        case .array:
            let list = try field.array()
            guard list.count % 2 == 0 else { throw field.failure("expected names and values in turn, found an odd number of strings") }
            for index in stride(from: 0, to: list.count, by: 2) {
                pairs.append((try list[index].string().lowercased(), try text(list[index + 1])))
                places.append(list[index].path)
            }
        default:
            throw field.failure("expected an object of header names and values, found \(field.value.kindDescription)")
        }
        return try ImportedMessage.headers(pairs, exact: false, file: file) { places[$0] }
    }

    /// A header value: a string, or a number as nock writes `content-length`.
    private func text(_ value: InputField) throws(InteropError) -> String {
        switch value.value {
        case .string(let text): return text
        case .number(let literal): return literal
        default: throw value.failure("expected a header value (a string or a number), found \(value.value.kindDescription)")
        }
    }

    /// A request `body` or a text `response`: absent, null or `""` is no body, a string is text (nock stores JSON it
    /// could parse as JSON, so a string is meant as text), any other value is JSON, sent compact as nock sends it.
    static func body(_ field: InputField?) -> Body {
        guard let field else { return .none }
        if case .string(let text) = field.value { return text.isEmpty ? .none : .text(text) }
        return .json(field.value)
    }

    /// The `response`: hex when `responseIsBinary` is true (or, as older nock wrote compressed answers, a list of hex
    /// chunks beside `content-encoding`), else as ``body(_:)``. Bytes with a `content-encoding` are decoded and the
    /// header dropped; text and JSON were decoded by nock already, so only the header goes.
    func responseBody(_ definition: InputField, headers: inout HTTPHeaders, warnings: inout [ImportWarning]) throws(InteropError) -> Body {
        guard let response = definition.optional("response") else {
            headers.remove("content-encoding")
            return .none
        }
        let bytes: [UInt8]
        if definition.optional("responseIsBinary")?.value.boolValue == true {
            guard let decoded = NockMessage.hex(try response.string()) else {
                throw response.failure("expected an even number of hex digits (responseIsBinary is true)")
            }
            bytes = decoded
        } else if headers.contains("content-encoding"), case .array(let chunks) = response.value, let joined = NockMessage.hexChunks(chunks) {
            bytes = joined
        } else {
            headers.remove("content-encoding")
            return NockMessage.body(response)
        }
        return Body(bytes: try ImportedMessage.storedBody(
            bytes, headers: &headers, file: file, place: response.path, failure: response.failure, warnings: &warnings))
    }

    /// The bytes of a hex string (an even number of hex digits), or nil.
    static func hex(_ text: String) -> [UInt8]? {
        let digits = Array(text.utf8)
        guard digits.count % 2 == 0, digits.allSatisfy(isHexDigit) else { return nil }
        return stride(from: 0, to: digits.count, by: 2).compactMap { index in
            UInt8(String(decoding: digits[index...index + 1], as: UTF8.self), radix: 16)
        }
    }

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte | 0x20)
    }

    /// Older nock's compressed answers: a non-empty list of hex strings.
    private static func hexChunks(_ chunks: [JSONValue]) -> [UInt8]? {
        guard !chunks.isEmpty else { return nil }
        var bytes: [UInt8] = []
        for chunk in chunks {
            guard let text = chunk.stringValue, let part = hex(text) else { return nil }
            bytes += part
        }
        return bytes
    }
}
