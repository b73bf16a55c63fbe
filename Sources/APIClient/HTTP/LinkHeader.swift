import Foundation

/// Parses RFC 8288 `Link` header values: `<https://…?page=2>; rel="next", <…>; rel="last"`.
enum LinkHeader {
    /// Links by relation. A `rel` naming several relations (`rel="next last"`) files the link under each;
    /// the first link for a relation wins. Relative targets are resolved against `base`.
    static func parse(_ values: [String], relativeTo base: URL?) -> [String: URL] {
        var links: [String: URL] = [:]
        for value in values {
            for (target, rels) in entries(in: value) {
                guard let url = URL(string: target, relativeTo: base)?.absoluteURL else { continue }
                for rel in rels where links[rel] == nil {
                    links[rel] = url
                }
            }
        }
        return links
    }

    /// `(target, relations)` for each `<target>; params` entry of one header value.
    private static func entries(in value: String) -> [(String, [String])] {
        var result: [(String, [String])] = []
        var rest = Substring(value)
        while let open = rest.firstIndex(of: "<") {
            guard let close = rest[open...].firstIndex(of: ">") else { break }
            let target = String(rest[rest.index(after: open)..<close])
            rest = rest[rest.index(after: close)...]
            // Parameters run to the next `<` that is not inside a quoted string.
            var params = ""
            var quoted = false
            while let char = rest.first, quoted || char != "<" {
                if char == "\"" { quoted.toggle() }
                params.append(char)
                rest = rest.dropFirst()
            }
            result.append((target, relations(in: params)))
        }
        return result
    }

    private static func relations(in params: String) -> [String] {
        for param in params.split(separator: ";") {
            let parts = param.split(separator: "=", maxSplits: 1)
            guard parts.count == 2,
                  parts[0].trimmingCharacters(in: .whitespaces).lowercased() == "rel" else { continue }
            let raw = parts[1].trimmingCharacters(in: CharacterSet(charactersIn: " ,\t\""))
            return raw.split(separator: " ").map { $0.lowercased() }
        }
        return []
    }
}
