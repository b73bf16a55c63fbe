import MockAPIJSON

extension Redactor {
    /// Header names whose value is `scheme credentials`: the scheme stays readable.
    static let credentialHeaders: Set<String> = ["authorization", "proxy-authorization"]

    func scrubHeaders(_ headers: inout HTTPHeaders, side: String, scope: Scope, report: inout RedactionReport,
                      scrubbed: inout [SecretLiteral]) {
        for index in headers.fields.indices {
            let name = headers.fields[index].name.lowercasedIfNeeded()
            let value = headers.fields[index].value
            guard !scope.acknowledges(.secretHeader, at: "\(scope.at).\(side).headers[\(index)]") else { continue }
            var secrets: [String] = []
            let replaced: String
            if rules.scrubsCookies(lowercased: name) {
                replaced = Redactor.scrubCookies(value, setCookie: name == "set-cookie", secrets: &secrets)
            } else if rules.scrubsHeader(lowercased: name, value: value) {
                let words = value.split(separator: " ", maxSplits: 1)
                if Redactor.credentialHeaders.contains(name), words.count == 2, Redactor.isScheme(words[0]) {
                    replaced = words[0] + " " + RedactionMarker.generic
                    secrets.append(words[1].trimmingSpaces())
                } else {
                    replaced = RedactionMarker.generic
                    secrets.append(value)
                }
            } else {
                continue
            }
            guard replaced != value else { continue }
            headers.fields[index].value = replaced
            let place = "\(scope.place)\(side) header \(name)"
            report.note(place, "header \(name)", count: max(secrets.count, 1))
            scrubbed += secrets.map { SecretLiteral(name: place, value: $0, placeholder: RedactionMarker.generic) }
        }
    }

    /// `Cookie`: every cookie's value; `Set-Cookie`: the first pair only (Path, Domain, Expires and flags are not secret).
    static func scrubCookies(_ value: String, setCookie: Bool, secrets: inout [String]) -> String {
        guard setCookie else {
            return value.split(separator: ";", omittingEmptySubsequences: false)
                .map { scrubCookiePair($0.trimmingSpaces(), secrets: &secrets) }
                .joined(separator: "; ")
        }
        let parts = value.split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false)
        guard let head = parts.first else { return value }
        let first = scrubCookiePair(head.trimmingSpaces(), secrets: &secrets)
        return parts.count > 1 ? first + ";" + parts[1] : first
    }

    /// A raw query or form string with scrubbed parameters' values replaced (by name, or a credential shape inside a
    /// value); everything else stays byte for byte.
    func scrubParameters(_ encoded: String, at location: String, place: String, scope: Scope, report: inout RedactionReport,
                         scrubbed: inout [SecretLiteral]) -> String {
        let byName = !scope.acknowledges(.secretQuery, at: location)
        let byShape = rules.credentialShapes && !scope.acknowledges(.secretShape, at: location)
        var changed = false
        let pairs = encoded.split(separator: "&", omittingEmptySubsequences: false).map { pair -> Substring in
            guard let equals = pair.firstIndex(of: "=") else { return pair }
            let name = PercentDecoding.decode(pair[..<equals], plusIsSpace: true)
            let raw = pair[pair.index(after: equals)...]
            let value = PercentDecoding.decode(raw, plusIsSpace: true)
            if byName, rules.scrubsParameter(name, value: value) {
                changed = true
                report.note("\(place) \(name)", "query \(name.lowercased())")
                scrubbed.append(SecretLiteral(name: "\(place) \(name)", value: value, placeholder: RedactionMarker.generic))
                return pair[...equals] + RedactionMarker.generic
            }
            guard byShape, !rules.keepQueryParameters.contains(name.lowercasedIfNeeded()) else { return pair }
            let (bytes, found) = CredentialShape.replacing(in: Array(raw.utf8), with: RedactionMarker.generic)
            guard !found.isEmpty else { return pair }
            changed = true
            noteShapes(found, at: "\(place) \(name)", site: location, report: &report, scrubbed: &scrubbed)
            return pair[...equals] + String(decoding: bytes, as: UTF8.self)
        }
        return changed ? pairs.joined(separator: "&") : encoded
    }

    /// Replaces the string and number values the rules name (``RedactionRules/jsonRule(at:value:)``). A body stored as
    /// text keeps its layout: only the scrubbed values' bytes change.
    func scrubJSON(_ body: inout Body, side: String, scope: Scope, report: inout RedactionReport, scrubbed: inout [SecretLiteral]) {
        guard let document = body.jsonDocument else { return }
        let base = if case .json = body { "\(scope.at).\(side).body.json" } else { "\(scope.at).\(side).body.text" }
        var path: [JSONPathPattern.Location] = []
        var found = FoundJSONValues()
        guard let rewritten = scrub(document, path: &path, base: base, scope: scope, found: &found), !found.values.isEmpty
        else { return }
        let place = "\(scope.place)\(side) body"
        if case .text(let text) = body {
            if let kept = Redactor.replaced(found.values, in: Array(text.utf8), expecting: rewritten) {
                body = kept
            } else {
                // Not expected: every value's bytes are found in a text yajl accepts. Said, since the answer changes.
                body = Body(bytes: rewritten.compactBytes())
                report.note(place, "json text rewritten compact, its layout not kept")
            }
        } else if case .json(let json) = body {
            // Written anew in its layout, it is the same bytes but for the values replaced.
            body = .json(JSONBody(rewritten, layout: json.layout))
        }
        for item in found.values {
            report.note("\(place) \(item.location)", "json \(item.rule)")
            let text = if case .string(let string) = item.value { string } else if case .number(let literal) = item.value { literal } else { "" }
            scrubbed.append(SecretLiteral(name: "\(place) \(item.location)", value: text, placeholder: RedactionMarker.generic))
        }
    }

    /// The values a walk of a JSON document found to scrub, and how many scalars it has met (to know each one's place
    /// in the text: ``JSONValue/scalarRanges(in:)``).
    struct FoundJSONValues {
        struct Value {
            /// `$.items[2].token`
            let location: String
            let rule: String
            let value: JSONValue
            /// Which scalar of the document it is, in document order.
            let scalar: Int
        }

        var values: [Value] = []
        var scalarsSeen = 0
    }

    /// A JSON text with each found value's bytes replaced by the placeholder's, and every other byte kept: its layout,
    /// escapes and the values kept (the same string where it is kept included). Nil when the result is not the
    /// scrubbed document.
    static func replaced(_ values: [FoundJSONValues.Value], in text: [UInt8], expecting document: JSONValue) -> Body? {
        guard let ranges = JSONValue.scalarRanges(in: text) else { return nil }
        var placeholder: [UInt8] = []
        JSONValue.writeString(RedactionMarker.generic, into: &placeholder)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.count + values.count * placeholder.count)
        var copied = 0
        // Found in document order: each range starts after the one before.
        for value in values {
            guard ranges.indices.contains(value.scalar), ranges[value.scalar].lowerBound >= copied else { return nil }
            let range = ranges[value.scalar]
            bytes += text[copied..<range.lowerBound]
            bytes += placeholder
            copied = range.upperBound
        }
        bytes += text[copied...]
        guard (try? JSONValue.parse(bytes)) == document else { return nil }
        return Body(bytes: bytes)
    }

    /// The value with what the rules name replaced, or nil when nothing is (most bodies): a document is copied only
    /// along the way to a replaced value.
    private func scrub(_ value: JSONValue, path: inout [JSONPathPattern.Location], base: String, scope: Scope,
                       found: inout FoundJSONValues) -> JSONValue? {
        switch value {
        case .string, .number:
            let scalar = found.scalarsSeen
            found.scalarsSeen += 1
            // The path is spelled out only for a value a rule names (most values are not).
            guard let rule = rules.jsonRule(at: path, value: value) else { return nil }
            let jsonPath = Redactor.describe(path)
            guard !scope.acknowledges(.secretField, at: base.hasSuffix(".json") ? base + jsonPath.dropFirst() : base)
            else { return nil }
            found.values.append(FoundJSONValues.Value(location: jsonPath, rule: rule, value: value, scalar: scalar))
            return .string(RedactionMarker.generic)
        case .array(let elements):
            var rewritten: [JSONValue]?
            for index in elements.indices {
                path.append(.index(index))
                defer { path.removeLast() }
                guard let element = scrub(elements[index], path: &path, base: base, scope: scope, found: &found) else { continue }
                if rewritten == nil { rewritten = elements }
                rewritten?[index] = element
            }
            return rewritten.map { .array($0) }
        case .object(let members):
            var rewritten: [JSONMember]?
            for index in members.indices {
                path.append(.member(members[index].name))
                defer { path.removeLast() }
                guard let member = scrub(members[index].value, path: &path, base: base, scope: scope, found: &found) else { continue }
                if rewritten == nil { rewritten = members }
                rewritten?[index].value = member
            }
            return rewritten.map { .object($0) }
        case .null, .bool:
            found.scalarsSeen += 1
            return nil
        }
    }

    /// `name=value` → `name=<redacted>`; a value already holding a placeholder, or masked, is left alone.
    static func scrubCookiePair(_ pair: String, secrets: inout [String]) -> String {
        guard !pair.isEmpty, !RedactionMarker.containsPlaceholder(pair) else { return pair }
        guard let equals = pair.firstIndex(of: "=") else {
            secrets.append(pair)
            return RedactionMarker.generic
        }
        let value = pair[pair.index(after: equals)...]
        guard !CredentialValue.isMaskedOrEmpty(String(value)) else { return pair }
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
