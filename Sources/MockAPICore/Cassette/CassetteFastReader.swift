import MockAPIJSON

/// Reads the common cassette straight from its bytes, without building a JSONValue tree of the file: JSON bodies go
/// from the text to their compact bytes (``CompactJSON``) in one pass, and every other field to its Swift value.
///
/// It gives up (nil) at anything off the common path: text that is not JSON or that it does not read the way the
/// tree parser does (a `\u` escape, whitespace other than the four JSON spaces, very deep nesting), and every field
/// that fails validation, unknown or repeated. The caller then reads the file through the tree
/// (``Cassette/init(json:file:)``), which either loads it or says precisely what is wrong (file, JSON path, why).
/// So this reader never decides an error; it must only, when it succeeds, give the cassette the tree reader gives:
/// tests and the cassette fuzz target check that (`Cassette(readingTree:file:)` against `Cassette(bytes:file:)`).
struct CassetteFastReader {
    /// Where the reader gave up.
    struct OffPath: Error {}

    /// A container opened deeper than this is left to the tree reader (which refuses more than
    /// ``JSONValue/maximumDepth``).
    static let depthLimit = 400

    private var at: UnsafePointer<UInt8>
    private let end: UnsafePointer<UInt8>
    /// Repeated strings (header names and values), stored once, as the tree parser stores them.
    private var strings: StringTable
    /// The compact bytes of the body being read.
    private var compact: [UInt8] = []
    /// The bytes of a string with escapes or non-ASCII bytes, unescaped.
    private var unescaped: [UInt8] = []
    /// The headers being read.
    private var fields: [HTTPHeaders.Field] = []

    private init(_ start: UnsafePointer<UInt8>, count: Int) {
        at = start
        end = start + count
        strings = StringTable(textSize: count)
    }

    /// The cassette in `bytes`, or nil when it is off the common path (see the type's description).
    static func read(_ bytes: UnsafeRawBufferPointer) -> Cassette? {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return nil }
        var reader = CassetteFastReader(base.assumingMemoryBound(to: UInt8.self), count: bytes.count)
        return try? reader.cassette()
    }

    // MARK: The cassette's shape

    private static let cassetteFields: [[UInt8]] = ["mockapi", "source", "lint", "interactions"].map { Array($0.utf8) }
    private static let interactionFields: [[UInt8]] = Interaction.fields.map { Array($0.utf8) }
    private static let requestFields: [[UInt8]] = ["method", "path", "query", "headers", "body"].map { Array($0.utf8) }
    private static let responseFields: [[UInt8]] = ["status", "headers", "body"].map { Array($0.utf8) }
    private static let bodyFields: [[UInt8]] = ["json", "text", "base64"].map { Array($0.utf8) }

    private mutating func cassette() throws(OffPath) -> Cassette {
        var seen: UInt32 = 0
        var hasVersion = false
        var source: String?
        var interactions: [Interaction]?
        guard try openObject() else { throw OffPath() }
        repeat {
            switch try member(of: CassetteFastReader.cassetteFields, seen: &seen) {
            case 0:
                guard let version = Int(try numberText()), Cassette.supportedVersions.contains(version) else { throw OffPath() }
                hasVersion = true
            case 1: source = try takeNull() ? nil : string()
            case 3: interactions = try interactionList()
            default: throw OffPath()  // lint allowances: left to the tree reader
            }
        } while try nextMember()
        skipSpace()
        guard at == end, hasVersion, let interactions else { throw OffPath() }
        return Cassette(source: source, interactions: interactions)
    }

    private mutating func interactionList() throws(OffPath) -> [Interaction] {
        try expect(UInt8(ascii: "["))
        var list: [Interaction] = []
        if take(UInt8(ascii: "]")) { return list }
        repeat { list.append(try interaction()) } while take(UInt8(ascii: ","))
        try expect(UInt8(ascii: "]"))
        return CassetteFastReader.exact(list)
    }

    private mutating func interaction() throws(OffPath) -> Interaction {
        var seen: UInt32 = 0
        var request: RecordedRequest?
        var response: RecordedResponse?
        var upstream: String?
        var mount: String?
        var recordedAt: String?
        var durationMs: Double?
        guard try openObject() else { throw OffPath() }
        repeat {
            let field = try member(of: CassetteFastReader.interactionFields, seen: &seen)
            if try takeNull() { continue }  // null is absent
            switch field {
            case 0: request = try recordedRequest()
            case 1: response = try recordedResponse()
            case 2: upstream = try checked(Validate.origin(try string()))
            case 3: mount = try checked(Validate.mount(try string()))
            case 4: recordedAt = try string()
            default:
                guard let number = Double(try numberText()), number >= 0, number.isFinite else { throw OffPath() }
                durationMs = number
            }
        } while try nextMember()
        guard let request, let response else { throw OffPath() }
        return Interaction(
            request: request, response: response, upstream: upstream, mount: mount, recordedAt: recordedAt,
            durationMs: durationMs)
    }

    private mutating func recordedRequest() throws(OffPath) -> RecordedRequest {
        var seen: UInt32 = 0
        var method: String?
        var path: String?
        var query: String?
        var headers = HTTPHeaders()
        var body = Body.none
        guard try openObject() else { throw OffPath() }
        repeat {
            let field = try member(of: CassetteFastReader.requestFields, seen: &seen)
            if try takeNull() { continue }
            switch field {
            case 0: method = try checked(Validate.method(try string()))
            case 1: path = try checked(Validate.path(try string()))
            case 2: query = try checked(Validate.query(try string()))
            case 3: headers = try headerList()
            default: body = try self.body()
            }
        } while try nextMember()
        guard let method, let path else { throw OffPath() }
        return RecordedRequest(method: method, path: path, query: query, headers: headers, body: body)
    }

    private mutating func recordedResponse() throws(OffPath) -> RecordedResponse {
        var seen: UInt32 = 0
        var status: Int?
        var headers = HTTPHeaders()
        var body = Body.none
        guard try openObject() else { throw OffPath() }
        repeat {
            let field = try member(of: CassetteFastReader.responseFields, seen: &seen)
            if try takeNull() { continue }
            switch field {
            case 0:
                guard let number = Int(try numberText()), (100...599).contains(number) else { throw OffPath() }
                status = number
            case 1: headers = try headerList()
            default: body = try self.body()
            }
        } while try nextMember()
        guard let status else { throw OffPath() }
        return RecordedResponse(status: status, headers: headers, body: body)
    }

    private mutating func headerList() throws(OffPath) -> HTTPHeaders {
        try expect(UInt8(ascii: "["))
        fields.removeAll(keepingCapacity: true)
        if !take(UInt8(ascii: "]")) {
            repeat {
                try expect(UInt8(ascii: "["))
                let name = try string()
                try expect(UInt8(ascii: ","))
                let value = try string()
                try expect(UInt8(ascii: "]"))
                guard Validate.isHeaderName(name), Validate.isHeaderValue(value) else { throw OffPath() }
                fields.append(HTTPHeaders.Field(name, value))
            } while take(UInt8(ascii: ","))
            try expect(UInt8(ascii: "]"))
        }
        return HTTPHeaders(CassetteFastReader.exact(fields))
    }

    /// `{"json": …}`, `{"text": "…"}` or `{"base64": "…"}`.
    private mutating func body() throws(OffPath) -> Body {
        var seen: UInt32 = 0
        guard try openObject() else { throw OffPath() }
        let body: Body
        switch try member(of: CassetteFastReader.bodyFields, seen: &seen) {
        case 0:
            compact.removeAll(keepingCapacity: true)
            try compactValue(depth: 5)
            body = .json(CompactJSON(compactBytes: CassetteFastReader.exact(compact)))
        case 1: body = .text(try string())
        default:
            guard let bytes = Base64.decode(try string()) else { throw OffPath() }
            body = .binary(bytes)
        }
        guard try !nextMember() else { throw OffPath() }
        return body
    }

    private func checked(_ result: Result<String, Validate.Refusal>) throws(OffPath) -> String {
        guard case .success(let value) = result else { throw OffPath() }
        return value
    }

    /// A copy with no spare capacity: lists grown by appending keep up to twice the room they need, for as long as
    /// the cassette is loaded.
    private static func exact<Element>(_ elements: [Element]) -> [Element] {
        var copy: [Element] = []
        copy.reserveCapacity(elements.count)
        copy.append(contentsOf: elements)
        return copy
    }

    // MARK: JSON

    /// Opens an object; true when a member follows (false for `{}`).
    private mutating func openObject() throws(OffPath) -> Bool {
        try expect(UInt8(ascii: "{"))
        return !take(UInt8(ascii: "}"))
    }

    /// After a member's value: true when another member follows, false at the object's end.
    private mutating func nextMember() throws(OffPath) -> Bool {
        if take(UInt8(ascii: ",")) { return true }
        try expect(UInt8(ascii: "}"))
        return false
    }

    /// A member's name and colon: its position in `names`, each name at most once (`seen` keeps which).
    private mutating func member(of names: [[UInt8]], seen: inout UInt32) throws(OffPath) -> Int {
        try expect(UInt8(ascii: "\""))
        let start = at
        // Names of cassette fields are plain ASCII; one written with an escape is left to the tree reader.
        while at < end, at.pointee != UInt8(ascii: "\"") {
            guard at.pointee != UInt8(ascii: "\\") else { throw OffPath() }
            at += 1
        }
        guard at < end else { throw OffPath() }
        let name = UnsafeBufferPointer(start: start, count: at - start)
        at += 1
        try expect(UInt8(ascii: ":"))
        guard let index = names.firstIndex(where: { $0.elementsEqual(name) }), seen & (1 << index) == 0 else {
            throw OffPath()
        }
        seen |= 1 << index
        return index
    }

    private mutating func skipSpace() {
        while at < end {
            switch at.pointee {
            case 0x20, 0x0A, 0x0D, 0x09: at += 1
            default: return
            }
        }
    }

    private mutating func expect(_ byte: UInt8) throws(OffPath) {
        guard take(byte) else { throw OffPath() }
    }

    /// Consumes `byte` when it comes next (after whitespace).
    private mutating func take(_ byte: UInt8) -> Bool {
        skipSpace()
        guard at < end, at.pointee == byte else { return false }
        at += 1
        return true
    }

    private mutating func takeNull() throws(OffPath) -> Bool {
        skipSpace()
        guard end - at >= 4, at[0] == UInt8(ascii: "n") else { return false }
        try literal("null")
        return true
    }

    private mutating func literal(_ word: StaticString) throws(OffPath) {
        let count = word.utf8CodeUnitCount
        guard end - at >= count else { throw OffPath() }
        for offset in 0..<count where at[offset] != word.utf8Start[offset] { throw OffPath() }
        at += count
    }

    /// A string's value. Unescaped as the tree parser unescapes it; strings with `\u` escapes or bytes that are not
    /// UTF-8 are left to it.
    private mutating func string() throws(OffPath) -> String {
        try expect(UInt8(ascii: "\""))
        let start = at
        while at < end {
            let byte = at.pointee
            if byte == UInt8(ascii: "\"") {
                let value = strings.string(UnsafeBufferPointer(start: start, count: at - start))
                at += 1
                return value
            }
            if byte == UInt8(ascii: "\\") || byte < 0x20 || byte >= 0x80 { break }
            at += 1
        }
        unescaped.removeAll(keepingCapacity: true)
        unescaped.append(contentsOf: UnsafeBufferPointer(start: start, count: at - start))
        var ascii = true
        while true {
            guard at < end else { throw OffPath() }
            let byte = at.pointee
            if byte == UInt8(ascii: "\"") { break }
            guard byte >= 0x20 else { throw OffPath() }
            if byte == UInt8(ascii: "\\") {
                guard end - at >= 2 else { throw OffPath() }
                switch at[1] {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): unescaped.append(at[1])
                case UInt8(ascii: "b"): unescaped.append(0x08)
                case UInt8(ascii: "f"): unescaped.append(0x0C)
                case UInt8(ascii: "n"): unescaped.append(0x0A)
                case UInt8(ascii: "r"): unescaped.append(0x0D)
                case UInt8(ascii: "t"): unescaped.append(0x09)
                default: throw OffPath()
                }
                at += 2
                continue
            }
            if byte >= 0x80 { ascii = false }
            unescaped.append(byte)
            at += 1
        }
        at += 1
        guard ascii || CassetteFastReader.isUTF8(unescaped[...]) else { throw OffPath() }
        return unescaped.withUnsafeBufferPointer { strings.string($0) }
    }

    /// A number's literal text, checked against JSON's grammar.
    private mutating func numberText() throws(OffPath) -> String {
        skipSpace()
        let start = at
        try skipNumber()
        return String(decoding: UnsafeBufferPointer(start: start, count: at - start), as: UTF8.self)
    }

    private mutating func skipNumber() throws(OffPath) {
        if at < end, at.pointee == UInt8(ascii: "-") { at += 1 }
        guard at < end, isDigit(at.pointee) else { throw OffPath() }
        if at.pointee == UInt8(ascii: "0") { at += 1 } else { skipDigits() }
        if at < end, at.pointee == UInt8(ascii: ".") {
            at += 1
            guard at < end, isDigit(at.pointee) else { throw OffPath() }
            skipDigits()
        }
        if at < end, at.pointee == UInt8(ascii: "e") || at.pointee == UInt8(ascii: "E") {
            at += 1
            if at < end, at.pointee == UInt8(ascii: "+") || at.pointee == UInt8(ascii: "-") { at += 1 }
            guard at < end, isDigit(at.pointee) else { throw OffPath() }
            skipDigits()
        }
    }

    private mutating func skipDigits() {
        while at < end, isDigit(at.pointee) { at += 1 }
    }

    private func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    /// Appends the compact form of the next value to `compact`: what ``JSONValue/compactBytes()`` writes for the
    /// value the tree parser reads. `depth` counts the containers around it.
    private mutating func compactValue(depth: Int) throws(OffPath) {
        skipSpace()
        guard at < end else { throw OffPath() }
        switch at.pointee {
        case UInt8(ascii: "\""):
            try compactString()
        case UInt8(ascii: "{"):
            guard depth < CassetteFastReader.depthLimit else { throw OffPath() }
            at += 1
            compact.append(UInt8(ascii: "{"))
            if !take(UInt8(ascii: "}")) {
                repeat {
                    skipSpace()
                    guard at < end, at.pointee == UInt8(ascii: "\"") else { throw OffPath() }
                    try compactString()
                    try expect(UInt8(ascii: ":"))
                    compact.append(UInt8(ascii: ":"))
                    try compactValue(depth: depth + 1)
                } while try nextInContainer(closing: UInt8(ascii: "}"))
            } else {
                compact.append(UInt8(ascii: "}"))
            }
        case UInt8(ascii: "["):
            guard depth < CassetteFastReader.depthLimit else { throw OffPath() }
            at += 1
            compact.append(UInt8(ascii: "["))
            if !take(UInt8(ascii: "]")) {
                repeat { try compactValue(depth: depth + 1) } while try nextInContainer(closing: UInt8(ascii: "]"))
            } else {
                compact.append(UInt8(ascii: "]"))
            }
        case UInt8(ascii: "t"): try compactLiteral("true")
        case UInt8(ascii: "f"): try compactLiteral("false")
        case UInt8(ascii: "n"): try compactLiteral("null")
        default:
            let start = at
            try skipNumber()
            compact.append(contentsOf: UnsafeBufferPointer(start: start, count: at - start))
        }
    }

    /// After an element: appends and consumes `,` (true) or the closing bracket (false).
    private mutating func nextInContainer(closing: UInt8) throws(OffPath) -> Bool {
        if take(UInt8(ascii: ",")) {
            compact.append(UInt8(ascii: ","))
            return true
        }
        try expect(closing)
        compact.append(closing)
        return false
    }

    private mutating func compactLiteral(_ word: StaticString) throws(OffPath) {
        try literal(word)
        compact.append(contentsOf: UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount))
    }

    /// A string (at its opening quote) in the form ``JSONValue/writeString(_:into:)`` gives its value: escaped
    /// are only `"`, `\` and control characters, as `\"`, `\\`, `\b`, `\f`, `\n`, `\r`, `\t` (the escapes read
    /// here) or `\u00xx` (which only a `\u` escape could produce, left to the tree reader); `\/` becomes `/`.
    private mutating func compactString() throws(OffPath) {
        let start = at
        at += 1
        while at < end {
            let byte = at.pointee
            if byte == UInt8(ascii: "\"") {
                at += 1
                compact.append(contentsOf: UnsafeBufferPointer(start: start, count: at - start))
                return
            }
            if byte == UInt8(ascii: "\\") || byte < 0x20 || byte >= 0x80 { break }
            at += 1
        }
        compact.append(contentsOf: UnsafeBufferPointer(start: start, count: at - start))
        let content = compact.count - (at - start) + 1
        var ascii = true
        while true {
            guard at < end else { throw OffPath() }
            let byte = at.pointee
            if byte == UInt8(ascii: "\"") { break }
            guard byte >= 0x20 else { throw OffPath() }
            if byte == UInt8(ascii: "\\") {
                guard end - at >= 2 else { throw OffPath() }
                let escaped = at[1]
                switch escaped {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "b"), UInt8(ascii: "f"), UInt8(ascii: "n"),
                    UInt8(ascii: "r"), UInt8(ascii: "t"):
                    compact.append(UInt8(ascii: "\\"))
                    compact.append(escaped)
                case UInt8(ascii: "/"): compact.append(UInt8(ascii: "/"))
                default: throw OffPath()
                }
                at += 2
                continue
            }
            if byte >= 0x80 { ascii = false }
            compact.append(byte)
            at += 1
        }
        at += 1
        // Escapes are ASCII both read and written, so the written bytes are UTF-8 exactly when the value's are.
        guard ascii || CassetteFastReader.isUTF8(compact[content...]) else { throw OffPath() }
        compact.append(UInt8(ascii: "\""))
    }

    /// Whether the bytes are well-formed UTF-8 (Unicode's table 3-7: no overlong forms, no surrogates, nothing past
    /// U+10FFFF): exactly the bytes `String(decoding:as:)` keeps as they are rather than repairing.
    static func isUTF8(_ bytes: ArraySlice<UInt8>) -> Bool {
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let lead = bytes[index]
            if lead < 0x80 {
                index += 1
                continue
            }
            let continuations: Int
            var low: UInt8 = 0x80
            var high: UInt8 = 0xBF
            switch lead {
            case 0xC2...0xDF: continuations = 1
            case 0xE0: continuations = 2; low = 0xA0
            case 0xE1...0xEC, 0xEE...0xEF: continuations = 2
            case 0xED: continuations = 2; high = 0x9F
            case 0xF0: continuations = 3; low = 0x90
            case 0xF1...0xF3: continuations = 3
            case 0xF4: continuations = 3; high = 0x8F
            default: return false
            }
            guard bytes.endIndex - index > continuations else { return false }
            guard (low...high).contains(bytes[index + 1]) else { return false }
            for offset in 1...continuations where !(0x80...0xBF).contains(bytes[index + offset]) { return false }
            index += continuations + 1
        }
        return true
    }
}
