import MockAPIJSON

/// Field rules shared by the cassette reader and the importers.
enum Validate {
    static func method(_ field: JSONField) throws(CassetteError) -> String {
        let method = try field.string()
        guard let upper = uppercasedMethod(method) else {
            throw field.failure("expected an HTTP method such as GET, found \(quoted(method))")
        }
        return upper
    }

    /// The method in upper case, or nil when it is not an HTTP token.
    static func uppercasedMethod(_ method: String) -> String? {
        guard !method.isEmpty, method.utf8.allSatisfy(HTTPSyntax.isTokenByte) else { return nil }
        return method.uppercased()
    }

    static func path(_ field: JSONField) throws(CassetteError) -> String {
        let path = try field.string()
        if let problem = pathProblem(path) { throw field.failure(problem) }
        return path
    }

    /// What is wrong with a request path, or nil.
    static func pathProblem(_ path: String) -> String? {
        guard path.hasPrefix("/") else { return "expected a path starting with /, found \(quoted(path))" }
        if containsQuestionMark(path) { return "the path contains ?; put what follows it in \"query\"" }
        guard path.utf8AllSatisfy(HTTPSyntax.isTargetByte) else {
            return "the path contains a space or control character; percent-encode it"
        }
        return nil
    }

    static func query(_ field: JSONField) throws(CassetteError) -> String {
        let query = try field.string()
        guard isQuery(query) else {
            throw field.failure("the query contains a space or control character; percent-encode it")
        }
        return query
    }

    /// Byte for byte what followed the first ? of the target; it may start with another ? (`GET /a??b=1`, which
    /// clients send and upstreams answer), so a leading ? is part of the query, not a mistake to refuse.
    static func isQuery(_ query: String) -> Bool {
        query.utf8.allSatisfy(HTTPSyntax.isTargetByte)
    }

    static func headers(_ field: JSONField) throws(CassetteError) -> HTTPHeaders {
        guard case .array(let pairs) = field.value else {
            throw field.failure("expected an array, found \(field.value.kindDescription)")
        }
        var headers = HTTPHeaders()
        headers.fields.reserveCapacity(pairs.count)
        // Fields for error messages only when there is an error: headers are most of a cassette's values. Each pair
        // is read in place (`pairs[index]`): iterating copied each one, a retain and a release of its array.
        for index in pairs.indices {
            guard case .array(let parts) = pairs[index], parts.count == 2,
                case .string(let name) = parts[0], case .string(let value) = parts[1]
            else {
                let pair = field.element(index, pairs[index])
                throw pair.failure("expected a [name, value] pair of strings, found \(pair.value)")
            }
            if let problem = headerProblem(name: name, value: value) {
                throw field.element(index, pairs[index]).failure(problem)
            }
            headers.append(name, value)
        }
        return headers
    }

    /// A list of header names (the cassette's `volatileHeaders`).
    static func headerNames(_ field: JSONField) throws(CassetteError) -> [String] {
        var names: [String] = []
        for element in try field.array() {
            let name = try element.string()
            guard !name.isEmpty, name.utf8AllSatisfy(HTTPSyntax.isTokenByte) else {
                throw element.failure("\(quoted(name)) is not a valid header name")
            }
            names.append(name)
        }
        return names
    }

    /// What is wrong with a header field, or nil.
    static func headerProblem(name: String, value: String) -> String? {
        guard !name.isEmpty, name.utf8AllSatisfy(HTTPSyntax.isTokenByte) else { return "\(quoted(name)) is not a valid header name" }
        guard !value.utf8Contains(where: isHeaderValueBreak) else {
            return "the value of \(quoted(name)) contains a line break or NUL"
        }
        return nil
    }

    private static func isHeaderValueBreak(_ byte: UInt8) -> Bool {
        byte == 0x0A || byte == 0x0D || byte == 0x00
    }

    /// `scheme://host[:port]`, http or https, without a trailing slash.
    static func origin(_ field: JSONField) throws(CassetteError) -> String {
        let text = try field.string()
        guard let origin = originWithoutTrailingSlash(text) else {
            throw field.failure("expected an http(s) URL such as https://api.github.com, found \(quoted(text))")
        }
        return origin
    }

    /// The origin without trailing slashes, or nil when it is not one.
    static func originWithoutTrailingSlash(_ text: String) -> String? {
        if isPlainOrigin(text) { return text }
        var origin = text
        while origin.hasSuffix("/") { origin.removeLast() }
        guard let scheme = origin.split(separator: ":", maxSplits: 1).first,
            scheme == "http" || scheme == "https", origin.dropFirst(scheme.count).hasPrefix("://"),
            origin.count > scheme.count + 3, !origin.contains("?"), !origin.contains("#"), !origin.contains(" ")
        else { return nil }
        return origin
    }

    /// The common case, `https://host[:port]` in printable ASCII with no trailing slash, checked byte by byte: there
    /// every byte is one Character, so this agrees with the general check, at a fraction of its cost (which ran for
    /// every interaction: about 6% of loading a large set).
    private static func isPlainOrigin(_ origin: String) -> Bool {
        let scheme = origin.hasPrefix("https://") ? 8 : origin.hasPrefix("http://") ? 7 : 0
        let bytes = origin.utf8
        return scheme > 0 && bytes.count > scheme && bytes.last != UInt8(ascii: "/")
            && origin.utf8AllSatisfy { $0 > 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "?") && $0 != UInt8(ascii: "#") }
    }

    static func mount(_ field: JSONField) throws(CassetteError) -> String {
        let mount = try field.string()
        guard isMount(mount) else {
            throw field.failure("expected a path prefix such as /qiita (no trailing slash), found \(quoted(mount))")
        }
        return mount
    }

    static func isMount(_ mount: String) -> Bool {
        mount.hasPrefix("/") && (mount == "/" || !mount.hasSuffix("/")) && !containsQuestionMark(mount)
    }

    /// `text.contains("?")`, a scan of Characters, asked only when a byte is `?`: without one there is no such
    /// Character, and the bytes are scanned many times faster (this runs for every recorded request). With one, the
    /// Character scan decides, as before (`?` followed by a combining mark is another Character).
    private static func containsQuestionMark(_ text: String) -> Bool {
        text.utf8Contains(UInt8(ascii: "?")) && text.contains("?")
    }

    static func quoted(_ text: String) -> String {
        var output: [UInt8] = []
        JSONValue.writeString(text, into: &output)
        return String(decoding: output, as: UTF8.self)
    }
}
