import CSimdJSON
import MockAPIJSON

/// A cassette text as simdjson reads it (CSimdJSON): its values as a flat list of tokens in document order, each
/// body's JSON as one token holding its compact bytes. Read front to back by ``Cassette/init(tokens:)``.
struct CassetteTokens {
    private let tokens: UnsafeBufferPointer<mockapi_token>
    private var position = 0
    /// Repeated strings stored once, as the tree parser does (a loaded set stays near the size of its files).
    private var strings: StringTable
    private var headerFields: HeaderFieldCache
    /// The last upstream read and the origin it gave: a cassette records one upstream, or a few, in every interaction.
    private var lastUpstream: (bytes: UnsafeBufferPointer<UInt8>, origin: String)?

    private init(tokens: UnsafeBufferPointer<mockapi_token>, textSize: Int) {
        self.tokens = tokens
        strings = StringTable(textSize: textSize)
        headerFields = HeaderFieldCache(textSize: textSize)
    }

    /// `read` applied to the tokens of `bytes`; nil when simdjson refuses the text or leaves it to the tree parser.
    /// The tokens live until the next text read on this thread: `read` must not keep them.
    static func read<Result>(_ bytes: [UInt8], _ read: (inout CassetteTokens) -> Result?) -> Result? {
        // simdjson's buffers take several times the size of the text (a 100,000-interaction cassette peaked at 565
        // MiB against the tree's 332) and one thread walks the tokens, where the tree reader spreads a cassette's
        // interactions over the cores: a large text is left to the tree.
        guard bytes.count <= largestText else { return nil }
        return bytes.withUnsafeBufferPointer { buffer -> Result? in
            var first: UnsafePointer<mockapi_token>?
            let count = mockapi_cassette_tokens(buffer.baseAddress, buffer.count, &first)
            guard count >= 0, let first else { return nil }
            var tokens = CassetteTokens(tokens: UnsafeBufferPointer(start: first, count: count), textSize: buffer.count)
            guard let result = read(&tokens), tokens.position == count else { return nil }
            return result
        }
    }

    /// What ``read(file:_:)`` did with a file.
    enum FileRead<Result> {
        case read(Result)
        /// simdjson, or `read`, left the text to the tree reader: its bytes.
        case declined([UInt8])
        /// Not read (not a regular file of 1 to ``largestText`` bytes, or not readable): ``FileIO/read(_:)`` reads it or
        /// says why not.
        case unread
    }

    /// `read` applied to the tokens of a file's text, read straight into this thread's simdjson buffer: no array of its
    /// own, and no copy into that buffer (a fresh allocation per file, with its page faults, and a copy of every byte).
    /// The tokens live until the next text read on this thread: `read` must not keep them.
    static func read<Result>(file: String, _ read: (inout CassetteTokens) -> Result?) -> FileRead<Result> {
        var text: UnsafeMutablePointer<UInt8>?
        guard let count = FileIO.read(file, limit: largestText, into: { size in
            text = mockapi_cassette_buffer(size)
            return text
        }), let text
        else { return .unread }
        var first: UnsafePointer<mockapi_token>?
        let found = mockapi_cassette_buffer_tokens(count, &first)
        if found >= 0, let first {
            var tokens = CassetteTokens(tokens: UnsafeBufferPointer(start: first, count: found), textSize: count)
            if let result = read(&tokens), tokens.position == found { return .read(result) }
        }
        return .declined(Array(UnsafeBufferPointer(start: text, count: count)))
    }

    /// The largest text read through simdjson; its buffers are kept per thread for the next text.
    static let largestText = 4 << 20

    private var kind: mockapi_token_kind? {
        position < tokens.count ? tokens[position].kind : nil
    }

    /// Consumes the next token when it is of this kind.
    mutating func take(_ expected: mockapi_token_kind) -> Bool {
        guard kind == expected else { return false }
        position += 1
        return true
    }

    /// Consumes a null; a member that is null counts as absent.
    mutating func takeNull() -> Bool { take(mockapi_token_null) }

    /// The next member's name; nil at the end of the object, which it consumes (the tokens of an object are names,
    /// each followed by a value, then its end).
    mutating func name() -> String? {
        guard kind == mockapi_token_key else {
            position += 1
            return nil
        }
        defer { position += 1 }
        return String(decoding: bytes(tokens[position]), as: UTF8.self)
    }

    mutating func string() -> String? {
        guard kind == mockapi_token_string else { return nil }
        defer { position += 1 }
        return strings.string(bytes(tokens[position]))
    }

    /// An upstream, `https://host[:port]`, without trailing slashes (``Validate/originWithoutTrailingSlash(_:)``);
    /// nil when the next token is not a string, or not an origin.
    mutating func upstream() -> String? {
        guard kind == mockapi_token_string else { return nil }
        let text = bytes(tokens[position])
        if let lastUpstream, lastUpstream.bytes.elementsEqual(text) {
            position += 1
            return lastUpstream.origin
        }
        guard let string = string(), let origin = Validate.originWithoutTrailingSlash(string) else { return nil }
        lastUpstream = (text, origin)
        return origin
    }

    /// A header field, `[name, value]`, when it is a valid one (``Validate/headerProblem(name:value:)``).
    mutating func headerField() -> HTTPHeaders.Field? {
        guard position + 3 < tokens.count, tokens[position].kind == mockapi_token_array_start,
            tokens[position + 1].kind == mockapi_token_string, tokens[position + 2].kind == mockapi_token_string,
            tokens[position + 3].kind == mockapi_token_array_end
        else { return nil }
        defer { position += 4 }
        return headerFields.field(
            name: bytes(tokens[position + 1]), value: bytes(tokens[position + 2]), strings: &strings)
    }

    /// A number's literal text.
    mutating func number() -> String? {
        guard kind == mockapi_token_number else { return nil }
        defer { position += 1 }
        return String(decoding: bytes(tokens[position]), as: UTF8.self)
    }

    /// A body's JSON, as ``CompactJSON``: its bytes when they are already its compact form, else parsed and written
    /// again (a string escaped differently from MockAPIJSON's writer, such as `\/`).
    mutating func bodyJSON() -> CompactJSON? {
        guard kind == mockapi_token_body_json else { return nil }
        let token = tokens[position]
        position += 1
        if token.canonical != 0 { return CompactJSON(compactBytes: Array(bytes(token))) }
        guard let value = try? JSONValue.parse(UnsafeRawBufferPointer(bytes(token))) else { return nil }
        return CompactJSON(value)
    }

    /// How many elements the array starting at the next token has (to size what holds them: spare capacity stays
    /// with a loaded cassette); counted by CSimdJSON during its walk.
    func elementCount() -> Int {
        kind == mockapi_token_array_start ? tokens[position].count : 0
    }

    private func bytes(_ token: mockapi_token) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: token.bytes, count: token.count)
    }
}
