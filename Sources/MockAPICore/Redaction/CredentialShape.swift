/// Credentials recognised by their form, wherever they appear (a debug header, a README body, a path): the
/// well-known token formats secret scanners look for, JWTs, PEM private keys, and the value after an authentication
/// scheme (`Bearer …`, `token …`). A 40-hex string alone is not one: in GitHub traffic it is a commit sha.
///
/// A match starts where a token starts (not inside a longer word) and ends where the format's characters end; a run
/// longer or shorter than the format allows is not a match.
enum CredentialShape {
    /// One credential found: its byte range and the kind, for reports (`github-token`).
    struct Match: Equatable {
        let range: Range<Int>
        let kind: String
    }

    /// A format: a literal prefix, the characters after it and how many.
    struct Format: Sendable {
        let prefix: [UInt8]
        let kind: String
        let allowed: @Sendable (UInt8) -> Bool
        let lengths: ClosedRange<Int>

        init(_ prefix: String, _ kind: String, _ allowed: @escaping @Sendable (UInt8) -> Bool, _ lengths: ClosedRange<Int>) {
            self.prefix = Array(prefix.utf8)
            self.kind = kind
            self.allowed = allowed
            self.lengths = lengths
        }
    }

    static let formats: [Format] = {
        let alnum: @Sendable (UInt8) -> Bool = { CredentialValue.isLetter($0) || CredentialValue.isDigit($0) }
        let word: @Sendable (UInt8) -> Bool = { alnum($0) || $0 == UInt8(ascii: "_") }
        let dashed: @Sendable (UInt8) -> Bool = { word($0) || $0 == UInt8(ascii: "-") }
        let upper: @Sendable (UInt8) -> Bool = { ($0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z")) || CredentialValue.isDigit($0) }
        let github = ["ghp_", "gho_", "ghu_", "ghs_", "ghr_"].map { Format($0, "github-token", alnum, 20...255) }
        let slack = ["xoxa-", "xoxb-", "xoxp-", "xoxo-", "xoxs-", "xoxr-"].map { Format($0, "slack-token", dashed, 10...255) }
        let stripe = ["sk_live_", "rk_live_", "sk_test_", "rk_test_"].map { Format($0, "stripe-key", alnum, 16...255) }
        let aws = ["AKIA", "ASIA"].map { Format($0, "aws-access-key", upper, 16...16) }
        return github + slack + stripe + aws + [
            Format("github_pat_", "github-token", word, 20...255),
            Format("glpat-", "gitlab-token", dashed, 20...255),
            Format("AIza", "google-api-key", dashed, 35...35),
            Format("npm_", "npm-token", alnum, 36...36),
            Format("hf_", "huggingface-token", alnum, 30...255),
            Format("sk-ant-", "anthropic-key", dashed, 20...255),
            Format("sk-proj-", "openai-key", dashed, 20...255),
            Format("pypi-AgEIcHlwaS5vcmc", "pypi-token", dashed, 20...255),
        ]
    }()

    /// Every credential in `bytes`, in order, not overlapping. Only where a word starts with a byte a credential can
    /// start with is a match tried, so a body is read once, quickly.
    static func matches(in bytes: [UInt8]) -> [Match] {
        matches(in: bytes.span)
    }

    /// Every credential in a string's UTF-8, without a copy of it (a header value, on every recorded request).
    static func matches(in text: String) -> [Match] {
        matches(in: text.utf8.span)
    }

    static func matches(in bytes: Span<UInt8>) -> [Match] {
        var found: [Match] = []
        let starts = Self.starts
        // Where the next credential may start: after the last one found.
        var next = 0
        for offset in bytes.indices {
            // Most bytes start nothing: one table lookup and one test a byte.
            guard starts[Int(bytes[offset])], offset >= next else { continue }
            // A credential starts a word: not right after a letter, a digit or `_`.
            guard offset == 0 || !isWordByte(bytes[offset - 1]), let match = match(in: bytes, at: offset) else { continue }
            found.append(match)
            next = match.range.upperBound
        }
        return found
    }

    /// The bytes a credential can start with: each format's first, `e` (a JWT), `-` (a PEM key) and the schemes' letters.
    static let starts: [Bool] = {
        var table = [Bool](repeating: false, count: 256)
        for byte in formats.map({ $0.prefix[0] }) + Array("e-bBtT".utf8) { table[Int(byte)] = true }
        return table
    }()

    /// The formats by the first byte of their prefix.
    static let formatsByFirst: [[Format]] = {
        var table = [[Format]](repeating: [], count: 256)
        for format in formats { table[Int(format.prefix[0])].append(format) }
        return table
    }()

    static func contains(in text: String) -> Bool {
        !matches(in: text).isEmpty
    }

    /// Every credential replaced by `placeholder`; the replaced values and their kinds.
    static func replacing(in bytes: [UInt8], with placeholder: String, skipping kept: (String) -> Bool = { _ in false })
        -> (bytes: [UInt8], found: [(value: String, kind: String)])
    {
        let matches = matches(in: bytes)
        guard !matches.isEmpty else { return (bytes, []) }
        var output: [UInt8] = []
        var found: [(value: String, kind: String)] = []
        var copied = 0
        for match in matches {
            let value = String(decoding: bytes[match.range], as: UTF8.self)
            guard !kept(value) else { continue }
            output += bytes[copied..<match.range.lowerBound]
            output += Array(placeholder.utf8)
            copied = match.range.upperBound
            found.append((value, match.kind))
        }
        output += bytes[copied...]
        return (output, found)
    }

    /// The credential starting at `offset`, where a word starts.
    private static func match(in bytes: Span<UInt8>, at offset: Int) -> Match? {
        let first = bytes[offset]
        for format in formatsByFirst[Int(first)] where startsWith(bytes, format.prefix, at: offset) {
            let start = offset + format.prefix.count
            var end = start
            while end < bytes.count, format.allowed(bytes[end]) { end += 1 }
            guard format.lengths.contains(end - start), end == bytes.count || !isWordByte(bytes[end]) else { continue }
            return Match(range: offset..<end, kind: format.kind)
        }
        switch first {
        case UInt8(ascii: "e"): return jwt(in: bytes, at: offset)
        case UInt8(ascii: "-"): return privateKey(in: bytes, at: offset)
        default: return schemeValue(in: bytes, at: offset)
        }
    }

    /// `eyJ….eyJ….signature`: a header and a payload that are base64url JSON objects.
    private static func jwt(in bytes: Span<UInt8>, at offset: Int) -> Match? {
        guard startsWith(bytes, jwtPrefix, at: offset) else { return nil }
        let base64url: (UInt8) -> Bool = { CredentialValue.isLetter($0) || CredentialValue.isDigit($0) || $0 == 0x2D || $0 == 0x5F }
        var end = offset
        var segments = 0
        while true {
            let start = end
            while end < bytes.count, base64url(bytes[end]) { end += 1 }
            segments += 1
            if segments <= 2, end - start < 10 || !startsWith(bytes, jwtPrefix, at: start) { return nil }
            guard segments < 3, end < bytes.count, bytes[end] == UInt8(ascii: ".") else { break }
            end += 1
        }
        return segments == 3 ? Match(range: offset..<end, kind: "jwt") : nil
    }

    /// A JWT's header and payload both start so: `{"` in base64url.
    private static let jwtPrefix = Array("eyJ".utf8)

    /// `-----BEGIN … PRIVATE KEY-----` through its `-----END … PRIVATE KEY-----`.
    private static func privateKey(in bytes: Span<UInt8>, at offset: Int) -> Match? {
        func find(_ text: String, in bytes: Span<UInt8>, from start: Int) -> Int? {
            ByteSearch.firstOffset(of: text.utf8.span, in: bytes, from: start)
        }
        guard startsWith(bytes, Array("-----BEGIN ".utf8), at: offset),
            let headerEnd = find("-----", in: bytes, from: offset + 11),
            find("PRIVATE KEY", in: bytes.extracting(offset..<headerEnd), from: 0) != nil,
            let footer = find("-----END ", in: bytes, from: headerEnd + 5),
            let footerEnd = find("-----", in: bytes, from: footer + 9)
        else { return nil }
        return Match(range: offset..<(footerEnd + 5), kind: "private-key")
    }

    /// The credential after an authentication scheme in free text or an unnamed header: `Bearer abc.def`,
    /// `token 0a1b…`. The scheme stays; the value must itself look generated (``CredentialValue/couldBeCredential(_:)``),
    /// so "the token expired" is left alone.
    private static func schemeValue(in bytes: Span<UInt8>, at offset: Int) -> Match? {
        guard offset < bytes.count, bytes[offset] | 0x20 == UInt8(ascii: "b") || bytes[offset] | 0x20 == UInt8(ascii: "t")
        else { return nil }
        var space = offset
        while space < bytes.count, space - offset <= 6, CredentialValue.isLetter(bytes[space]) { space += 1 }
        guard space < bytes.count, bytes[space] == UInt8(ascii: " "), isSchemeWord(bytes, offset..<space) else { return nil }
        let start = space + 1
        var end = start
        while end < bytes.count, CredentialValue.isLetter(bytes[end]) || CredentialValue.isDigit(bytes[end]) || token68.contains(bytes[end]) {
            end += 1
        }
        guard end > start, CredentialValue.couldBeCredential(String(decoding: (start..<end).map { bytes[$0] }, as: UTF8.self)) else {
            return nil
        }
        return Match(range: start..<end, kind: "scheme credential")
    }

    /// The characters of a token68 credential besides letters and digits (RFC 9110).
    private static let token68 = Array("-._~+/=".utf8)

    /// The schemes a credential follows in free text, lower-case.
    static let schemeWords = ["bearer", "token", "basic"].map { Array($0.utf8) }

    /// Whether the letters in `range` are a scheme word, in any case.
    private static func isSchemeWord(_ bytes: Span<UInt8>, _ range: Range<Int>) -> Bool {
        schemeWords.contains { word in
            guard word.count == range.count else { return false }
            for index in word.indices where bytes[range.lowerBound + index] | 0x20 != word[index] { return false }
            return true
        }
    }

    private static func startsWith(_ bytes: Span<UInt8>, _ prefix: [UInt8], at offset: Int) -> Bool {
        guard offset + prefix.count <= bytes.count else { return false }
        for index in prefix.indices where bytes[offset + index] != prefix[index] { return false }
        return true
    }

    /// Letters, digits and `_`: what a word is made of, so a value is never replaced inside a longer one
    /// (`dummy_value` in `old_dummy_value_2`). `-` and `.` separate: a token in `X-<token>` or `<token>.json` still
    /// counts, and is scrubbed (or, in a header name, stops the write).
    static func isWordByte(_ byte: UInt8) -> Bool {
        CredentialValue.isLetter(byte) || CredentialValue.isDigit(byte) || byte == UInt8(ascii: "_")
    }
}
