import MockAPIJSON

extension Redactor {
    /// Header names whose value is `scheme credentials`: the scheme stays readable.
    static let credentialHeaders: Set<String> = ["authorization", "proxy-authorization"]

    func scrubHeaders(_ headers: inout HTTPHeaders, at side: String, report: inout RedactionReport,
                      scrubbed: inout [SecretLiteral]) {
        for index in headers.fields.indices where rules.coversHeader(headers.fields[index].name) {
            let name = headers.fields[index].name.lowercased()
            let value = headers.fields[index].value
            let place = "\(side) header \(name)"
            var secrets: [String] = []
            let replaced: String
            switch name {
            case "cookie":
                replaced = value.split(separator: ";", omittingEmptySubsequences: false)
                    .map { Redactor.scrubCookiePair($0.trimmingSpaces(), secrets: &secrets) }
                    .joined(separator: "; ")
            case "set-cookie":
                // Only the first pair is the cookie; Path, Domain, Expires and flags are not secret.
                let parts = value.split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false)
                let first = Redactor.scrubCookiePair(parts[0].trimmingSpaces(), secrets: &secrets)
                replaced = parts.count > 1 ? first + ";" + parts[1] : first
            default:
                guard !value.isEmpty, !RedactionMarker.containsPlaceholder(value) else { continue }
                let words = value.split(separator: " ", maxSplits: 1)
                if Redactor.credentialHeaders.contains(name), words.count == 2, Redactor.isScheme(words[0]) {
                    replaced = words[0] + " " + RedactionMarker.generic
                    secrets.append(words[1].trimmingSpaces())
                } else {
                    replaced = RedactionMarker.generic
                    secrets.append(value)
                }
            }
            guard replaced != value else { continue }
            headers.fields[index].value = replaced
            report.note(place, "header \(name)", count: max(secrets.count, 1))
            scrubbed += secrets.map { SecretLiteral(name: place, value: $0, placeholder: RedactionMarker.generic) }
        }
    }

    /// A raw query or form string with covered parameters' values replaced; everything else stays byte for byte.
    func scrubParameters(_ encoded: String, at place: String, report: inout RedactionReport,
                         scrubbed: inout [SecretLiteral]) -> String {
        var changed = false
        let pairs = encoded.split(separator: "&", omittingEmptySubsequences: false).map { pair -> Substring in
            guard let equals = pair.firstIndex(of: "=") else { return pair }
            let name = PercentDecoding.decode(pair[..<equals], plusIsSpace: true)
            let value = PercentDecoding.decode(pair[pair.index(after: equals)...], plusIsSpace: true)
            guard rules.coversParameter(name), !value.isEmpty, !RedactionMarker.isPlaceholder(value) else { return pair }
            changed = true
            report.note("\(place) \(name)", "query \(name.lowercased())")
            scrubbed.append(SecretLiteral(name: "\(place) \(name)", value: value, placeholder: RedactionMarker.generic))
            return pair[...equals] + RedactionMarker.generic
        }
        return changed ? pairs.joined(separator: "&") : encoded
    }

    /// Replaces the string and number values at the rules' JSON paths.
    func scrubJSON(_ body: inout Body, at place: String, report: inout RedactionReport, scrubbed: inout [SecretLiteral]) {
        guard !rules.jsonFields.isEmpty else { return }
        let document: JSONValue
        switch body {
        case .json(let value): document = value
        case .text(let text):
            guard let first = text.utf8.first(where: { $0 > 0x20 }), first == UInt8(ascii: "{") || first == UInt8(ascii: "["),
                let value = try? JSONValue.parse(Array(text.utf8))
            else { return }
            document = value
        case .none, .binary: return
        }
        var path: [JSONPathPattern.Location] = []
        var found: [(location: String, rule: String, value: String)] = []
        let rewritten = scrub(document, path: &path, found: &found)
        guard !found.isEmpty else { return }
        body = Body(bytes: rewritten.compactBytes())
        for item in found {
            report.note("\(place) \(item.location)", "json \(item.rule)")
            scrubbed.append(SecretLiteral(name: "\(place) \(item.location)", value: item.value, placeholder: RedactionMarker.generic))
        }
    }

    private func scrub(_ value: JSONValue, path: inout [JSONPathPattern.Location],
                       found: inout [(location: String, rule: String, value: String)]) -> JSONValue {
        switch value {
        case .string(let text):
            guard let rule = rules.jsonFields.first(where: { $0.matches(path) }), !RedactionMarker.containsPlaceholder(text) else {
                return value
            }
            found.append((Redactor.describe(path), rule.description, text))
            return .string(RedactionMarker.generic)
        case .number(let literal):
            guard let rule = rules.jsonFields.first(where: { $0.matches(path) }) else { return value }
            found.append((Redactor.describe(path), rule.description, literal))
            return .string(RedactionMarker.generic)
        case .array(let elements):
            return .array(elements.enumerated().map { offset, element in
                path.append(.index(offset))
                defer { path.removeLast() }
                return scrub(element, path: &path, found: &found)
            })
        case .object(let members):
            return .object(members.map { member in
                path.append(.member(member.name))
                defer { path.removeLast() }
                return JSONMember(member.name, scrub(member.value, path: &path, found: &found))
            })
        case .null, .bool:
            return value
        }
    }

    /// `name=value` → `name=<redacted>`; a value already holding a placeholder is left alone.
    static func scrubCookiePair(_ pair: String, secrets: inout [String]) -> String {
        guard !pair.isEmpty, !RedactionMarker.containsPlaceholder(pair) else { return pair }
        guard let equals = pair.firstIndex(of: "=") else {
            secrets.append(pair)
            return RedactionMarker.generic
        }
        let value = pair[pair.index(after: equals)...]
        guard !value.isEmpty else { return pair }
        secrets.append(String(value))
        return pair[...equals] + RedactionMarker.generic
    }

    /// `$.items[2].token`
    static func describe(_ path: [JSONPathPattern.Location]) -> String {
        path.reduce("$") { text, location in
            switch location {
            case .member(let name): text + "." + name
            case .index(let index): text + "[\(index)]"
            }
        }
    }

    /// An authentication scheme: `Bearer`, `token`, `Basic`, `Digest`, `Bot`.
    static func isScheme(_ word: Substring) -> Bool {
        !word.isEmpty && word.utf8.allSatisfy(HTTPSyntax.isTokenByte) && !word.utf8.contains(UInt8(ascii: "="))
    }
}

extension StringProtocol {
    /// Without leading and trailing spaces and tabs (HTTP's optional whitespace).
    func trimmingSpaces() -> String {
        var text = Substring(self)
        while let first = text.first, first == " " || first == "\t" { text.removeFirst() }
        while let last = text.last, last == " " || last == "\t" { text.removeLast() }
        return String(text)
    }
}
