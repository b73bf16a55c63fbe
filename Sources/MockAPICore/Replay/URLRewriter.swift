/// Replaces absolute upstream URLs (`https://api.github.com/...`) with the replay server's own base URL, so a client
/// that follows `next` links, `Location` headers or `url` fields stays on the mock. Also rewrites the JSON-escaped
/// form (`https:\/\/api.github.com`). A match must end at a URL boundary: `https://api.github.com.evil` is left alone.
package struct URLRewriter: Sendable {
    struct Rule: Sendable {
        let from: [UInt8]
        let to: [UInt8]
    }

    let rules: [Rule]

    /// - Parameter mapping: each upstream origin and the local URL that replaces it (base URL plus mount).
    package init(mapping: [(upstream: String, local: String)]) {
        var rules: [Rule] = []
        for (upstream, local) in mapping where !upstream.isEmpty {
            rules.append(Rule(from: Array(upstream.utf8), to: Array(local.utf8)))
            let escapedFrom = upstream.replacingSlashes(), escapedTo = local.replacingSlashes()
            if escapedFrom != upstream { rules.append(Rule(from: Array(escapedFrom.utf8), to: Array(escapedTo.utf8))) }
        }
        // The longest origin wins where one is a prefix of another.
        self.rules = rules.sorted { $0.from.count > $1.from.count }
    }

    package func rewrite(_ bytes: [UInt8]) -> [UInt8] {
        guard !rules.isEmpty, bytes.count >= 7 else { return bytes }
        var output: [UInt8] = []
        var copied = 0
        var index = 0
        let h = UInt8(ascii: "h")
        while index < bytes.count {
            guard bytes[index] == h, let rule = rules.first(where: { matches($0.from, in: bytes, at: index) }) else {
                index += 1
                continue
            }
            if output.isEmpty { output.reserveCapacity(bytes.count + 64) }
            output.append(contentsOf: bytes[copied..<index])
            output.append(contentsOf: rule.to)
            index += rule.from.count
            copied = index
        }
        guard copied > 0 else { return bytes }
        output.append(contentsOf: bytes[copied...])
        return output
    }

    package func rewrite(_ text: String) -> String {
        let bytes = Array(text.utf8)
        let rewritten = rewrite(bytes)
        return rewritten == bytes ? text : String(decoding: rewritten, as: UTF8.self)
    }

    private func matches(_ pattern: [UInt8], in bytes: [UInt8], at index: Int) -> Bool {
        let end = index + pattern.count
        guard end <= bytes.count else { return false }
        for offset in 0..<pattern.count where bytes[index + offset] != pattern[offset] { return false }
        return end == bytes.count || !URLRewriter.continuesHost(bytes[end])
    }

    /// Bytes that would make the match part of a longer host name, a port or user info.
    private static func continuesHost(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
            UInt8(ascii: "."), UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: ":"), UInt8(ascii: "@"):
            true
        default: false
        }
    }
}

extension String {
    fileprivate func replacingSlashes() -> String {
        var result = ""
        for character in self { result += character == "/" ? "\\/" : String(character) }
        return result
    }
}
