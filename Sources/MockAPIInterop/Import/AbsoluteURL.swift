import MockAPICore

/// An absolute `http(s)` URL split the way a cassette stores a request: the origin (the interaction's upstream), the
/// path and the raw query, each byte for byte as written except that spaces and control characters are
/// percent-encoded. No percent-decoding or re-encoding happens, so replay matches what the client sent.
struct AbsoluteURL: Equatable {
    /// `https://api.github.com`: scheme and host in lower case, the port only when it is not the scheme's default.
    let origin: String
    /// Starts with `/`.
    let path: String
    /// After `?`, without the fragment; nil when there is no `?`.
    let query: String?
    /// The URL carried `user:password@` credentials, which were left out.
    let droppedCredentials: Bool

    /// nil with a reason when the text is not an absolute http(s) URL.
    static func parse(_ text: String) -> Result<AbsoluteURL, URLProblem> {
        guard let colon = text.firstIndex(of: ":"), text[colon...].hasPrefix("://") else {
            return .failure(URLProblem("expected an absolute URL such as https://api.example.com/path"))
        }
        let scheme = text[..<colon].lowercased()
        guard scheme == "http" || scheme == "https" else {
            return .failure(URLProblem("only http and https URLs can be replayed, found \(scheme):"))
        }
        let rest = text[text.index(colon, offsetBy: 3)...]
        let authorityEnd = rest.firstIndex { $0 == "/" || $0 == "?" || $0 == "#" } ?? rest.endIndex
        var authority = rest[..<authorityEnd]
        var droppedCredentials = false
        if let at = authority.lastIndex(of: "@") {
            authority = authority[authority.index(after: at)...]
            droppedCredentials = true
        }
        var host = authority
        var port: Substring = ""
        let portColon = authority.hasPrefix("[")
            ? authority.firstIndex(of: "]").flatMap { close in authority[close...].firstIndex(of: ":") }
            : authority.lastIndex(of: ":")
        if let colon = portColon {
            host = authority[..<colon]
            port = authority[authority.index(after: colon)...]
        }
        guard !host.isEmpty, host.utf8.allSatisfy({ $0 > 0x20 && $0 != 0x7F }) else {
            return .failure(URLProblem("the URL has no host"))
        }
        guard port.isEmpty || (port.allSatisfy(\.isASCII) && Int(port).map({ (1...65_535).contains($0) }) == true) else {
            return .failure(URLProblem("the port \(port) is not a number from 1 to 65535"))
        }
        let defaultPort = scheme == "http" ? "80" : "443"
        let origin = scheme + "://" + host.lowercased() + (port.isEmpty || port == defaultPort ? "" : ":" + port)

        let target = rest[authorityEnd...]
        let withoutFragment = target.firstIndex(of: "#").map { target[..<$0] } ?? target
        let question = withoutFragment.firstIndex(of: "?")
        let path = question.map { withoutFragment[..<$0] } ?? withoutFragment
        let query = question.map { withoutFragment[withoutFragment.index(after: $0)...] }
        return .success(AbsoluteURL(
            origin: origin, path: path.isEmpty ? "/" : encodeUnsafe(path), query: query.map(encodeUnsafe),
            droppedCredentials: droppedCredentials))
    }

    /// Percent-encodes the bytes a request target cannot hold raw (spaces, control characters, DEL).
    static func encodeUnsafe(_ text: Substring) -> String {
        guard !text.utf8.allSatisfy(HTTPSyntax.isTargetByte) else { return String(text) }
        let hex = Array("0123456789ABCDEF".utf8)
        var bytes: [UInt8] = []
        for byte in text.utf8 {
            if HTTPSyntax.isTargetByte(byte) { bytes.append(byte) } else {
                bytes += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]]
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

struct URLProblem: Error {
    let reason: String
    init(_ reason: String) { self.reason = reason }
}
