/// Whether a value found under a name that only *contains* a credential fragment (`hide_secret`, `secret_type`,
/// `GitHub-Authentication-Token-Expiration`, `page_token`) could be a credential. Scrubbing one that is not changes the
/// answer: two requests that differed only there become one, and each gets the other's answer. So a value is a
/// credential candidate only when it is none of the things such names usually hold:
/// - empty, shorter than ``minimumLength``, or already a placeholder;
/// - a boolean (`true`, `no`, `on`), a number (`42`, `-1.5`) or a date or timestamp (`2026-12-01 00:00:00 UTC`,
///   `2026-12-01T00:00:00Z`, `Tue, 01 Dec 2026 …`);
/// - prose or a list (it holds a space), or a URL;
/// - an enum-like word: lower-case (or upper-case) letters and digits in short segments joined by `_`, `-` or `.`
///   (`adafruit_io_key`, `mailchimp_api_key`, `READ_ONLY`, `bearer`), where no long segment mixes letters and digits.
///
/// Names that are pagination cursors (``isCursorName(_:)``) or that describe a credential rather than hold one
/// (``isDescriptiveName(_:)``) are never scrubbed by fragment; a credential-shaped value there is still found by shape.
enum CredentialValue {
    /// Generated credentials are far longer; values shorter than this under a fragment name are ids, flags and words.
    static let minimumLength = 8

    /// Whether a value holds no credential whatever its name: empty, already one of mockapi's placeholders, or masked
    /// by the API itself (only `*`, `x` or `X`, as GitHub answers a webhook's secret: `"secret": "********"`), also
    /// behind a scheme (`token ********`). Record, import, scrub and lint keep such a value: it is the answer.
    static func isMaskedOrEmpty(_ value: String) -> Bool {
        let text = value.trimmingSpaces()
        if text.isEmpty || RedactionMarker.containsPlaceholder(text) { return true }
        if let words = schemeAndValue(text), isScheme(words.scheme) { return isMask(words.value) }
        return isMask(text)
    }

    /// Only mask characters: `*`, `x`, `X`.
    private static func isMask(_ text: String) -> Bool {
        !text.isEmpty && text.utf8.allSatisfy { $0 == UInt8(ascii: "*") || $0 == UInt8(ascii: "x") || $0 == UInt8(ascii: "X") }
    }

    /// Whether a value under a fragment name could be a credential: one printable ASCII token (after a scheme, if
    /// any) that is not word-like. A value padded with spaces, holding non-ASCII text or a word (`" Horizonte"`,
    /// `"Horizonte"`: a language model's text token under `token`, as OpenAI's and Anthropic's logprobs name them) is
    /// text.
    static func couldBeCredential(_ value: String) -> Bool {
        if let words = schemeAndValue(value), isScheme(words.scheme) { return couldBeCredential(words.value) }
        let bytes = Array(value.utf8)
        guard bytes.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else { return false }
        return isSingleToken(value) && !isWordLike(bytes) && !isNaturalWord(bytes)
    }

    /// A word as text holds it: letters only, at most 20, with no more than two capitals (`Horizonte`, `JavaScript`,
    /// `iPhone`). Generated values of letters alone mix cases throughout.
    static func isNaturalWord(_ bytes: [UInt8]) -> Bool {
        guard bytes.count <= 20, bytes.allSatisfy(isLetter) else { return false }
        return bytes.count(where: { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") }) <= 2
    }

    /// A value that could be a credential if its name says so: one token of ``minimumLength`` or more that is not a
    /// placeholder, URL, boolean, number or date. A value scrubbed by name is hunted elsewhere only when it is one.
    static func isSingleToken(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard bytes.count >= minimumLength, !RedactionMarker.containsPlaceholder(text) else { return false }
        if bytes.contains(where: { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }) { return false }
        if ByteSearch.contains("://", in: text) { return false }
        return !isBoolean(text) && !isNumber(bytes) && !isDate(bytes)
    }

    /// Pagination parameters and fields: their values are cursors, and scrubbing them collapses pages into one.
    static func isCursorName(_ name: String) -> Bool {
        let flat = String(name.lowercased().unicodeScalars.filter { $0 != "_" && $0 != "-" && $0 != "." })
        if cursorNames.contains(flat) { return true }
        return flat.hasSuffix("cursor") || flat.hasSuffix("pagetoken") || flat.hasSuffix("continuationtoken")
            || ((flat.hasPrefix("next") || flat.hasPrefix("prev")) && flat.hasSuffix("token"))
    }

    static let cursorNames: Set<String> = [
        "cursor", "after", "before", "since", "until", "marker", "nextmarker", "continuation", "pagetoken", "nexttoken",
        "prevtoken", "previoustoken", "synctoken", "offsettoken", "resumptiontoken", "starttoken", "endtoken", "page",
        "nextpage", "startafter", "startingafter", "endingbefore",
    ]

    /// Names of facts about a credential, not the credential: `token_url`, `secret_type`, `token_expires_at`,
    /// `GitHub-Authentication-Token-Expiration`, `token_scopes`.
    static func isDescriptiveName(_ name: String) -> Bool {
        let lower = name.lowercasedIfNeeded()
        return descriptiveSuffixes.contains { lower.hasSuffix($0) }
    }

    static let descriptiveSuffixes = [
        "url", "uri", "type", "_at", "-at", "expiration", "expires", "expiry", "expiresin", "expires_in", "expires-in",
        "scope", "scopes", "_count", "-count", "length", "hint", "_name", "-name",
    ]

    /// `Bearer abc` → (`Bearer`, `abc`); nil unless the value is two words.
    static func schemeAndValue(_ text: String) -> (scheme: Substring, value: String)? {
        let words = text.split(separator: " ", maxSplits: 1)
        guard words.count == 2 else { return nil }
        return (words[0], words[1].trimmingSpaces())
    }

    /// The authentication schemes a credential travels behind.
    static func isScheme(_ word: Substring) -> Bool {
        schemes.contains(word.lowercased())
    }

    static let schemes: Set<String> = ["bearer", "token", "basic", "digest", "bot", "apikey", "key", "sso-key", "otoken"]

    static func isBoolean(_ text: String) -> Bool {
        ["true", "false", "yes", "no", "on", "off", "null", "none", "nil", "enabled", "disabled"].contains(text.lowercased())
    }

    static func isNumber(_ bytes: [UInt8]) -> Bool {
        var digits = bytes[...]
        if digits.first == UInt8(ascii: "-") || digits.first == UInt8(ascii: "+") { digits = digits.dropFirst() }
        var dots = 0
        for byte in digits where !isDigit(byte) {
            guard byte == UInt8(ascii: "."), dots == 0 else { return false }
            dots += 1
        }
        return digits.contains(where: isDigit)
    }

    /// ISO 8601 dates and timestamps (`2026-12-01`, `2026-12-01T00:00:00Z`); HTTP dates have spaces, so they never get
    /// here.
    static func isDate(_ bytes: [UInt8]) -> Bool {
        guard bytes.count >= 10, bytes[0..<4].allSatisfy(isDigit), bytes[4] == UInt8(ascii: "-"),
            bytes[5..<7].allSatisfy(isDigit), bytes[7] == UInt8(ascii: "-"), bytes[8..<10].allSatisfy(isDigit)
        else { return false }
        return bytes[10...].allSatisfy { isDigit($0) || Array("T:.+-Z".utf8).contains($0) }
    }

    /// `adafruit_io_key`, `mailchimp-api-key`, `READ_ONLY`, `v2.1`: one case of letters and digits in short segments
    /// (upper case joined by `_` only, as constants are). A segment of 8 or more characters that mixes letters and
    /// digits (`x8k2m9q1`) reads as generated, and so does a segment over 20.
    static func isWordLike(_ bytes: [UInt8]) -> Bool {
        guard let first = bytes.first, isLetter(first) else { return false }
        let lower = bytes.allSatisfy { !(UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) }
        let upper = bytes.allSatisfy { !(UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0) && $0 != UInt8(ascii: "-") }
        guard lower || upper else { return false }
        let separators = Array("_-.".utf8)
        for segment in bytes.split(whereSeparator: { separators.contains($0) }) {
            guard segment.count <= 20, segment.allSatisfy({ isLetter($0) || isDigit($0) }) else { return false }
            if segment.count >= 8, segment.contains(where: isDigit), segment.contains(where: isLetter) { return false }
        }
        return true
    }

    static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    static func isLetter(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
    }
}
