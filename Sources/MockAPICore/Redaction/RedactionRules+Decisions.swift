import MockAPIJSON

/// The one place that decides whether a value is scrubbed: the ``Redactor`` (record, import, scrub) and
/// `mockapi lint` both ask here, so what lint reports is what scrub changes.
extension RedactionRules {
    /// Whether the value of a header is scrubbed by name. Cookie headers are judged per cookie
    /// (``scrubsCookies(in:)``).
    func scrubsHeader(_ name: String, value: String) -> Bool {
        scrubsHeader(lowercased: name.lowercasedIfNeeded(), value: value)
    }

    /// The same, for a name already in lower case (the redactor lowers each name once, for all its questions).
    func scrubsHeader(lowercased lower: String, value: String) -> Bool {
        guard !keepHeaders.contains(lower) else { return false }
        // The name decides first; only a value it would scrub is asked whether it is masked or empty (a trim, a split).
        let byName = headers.contains(lower)
            || (headerFragmentSet.contains(in: lower) && !CredentialValue.isDescriptiveName(lower)
                && CredentialValue.couldBeCredential(value))
        return byName && !CredentialValue.isMaskedOrEmpty(value)
    }

    /// Whether a header's value is a list of cookies scrubbed one by one: `Cookie` and `Set-Cookie`, named exactly.
    func scrubsCookies(in name: String) -> Bool {
        scrubsCookies(lowercased: name.lowercasedIfNeeded())
    }

    /// The same, for a name already in lower case.
    func scrubsCookies(lowercased lower: String) -> Bool {
        (lower == "cookie" || lower == "set-cookie") && headers.contains(lower) && !keepHeaders.contains(lower)
    }

    /// Whether a decoded query or form parameter is scrubbed by name.
    func scrubsParameter(_ name: String, value: String) -> Bool {
        let lower = name.lowercasedIfNeeded()
        guard !keepQueryParameters.contains(lower) else { return false }
        // The name decides first, as for headers.
        let byName = queryParameters.contains(lower)
            || (queryFragmentSet.contains(in: lower) && !CredentialValue.isCursorName(lower)
                && !CredentialValue.isDescriptiveName(lower) && CredentialValue.couldBeCredential(value))
        return byName && !CredentialValue.isMaskedOrEmpty(value)
    }

    /// The rule that scrubs a JSON string or number at `path`: a ``jsonFields`` pattern (`$..access_token`), or a
    /// fragment of the member's name (`*token*`) when the string could be a credential; nil when it is kept.
    func jsonRule(at path: [JSONPathPattern.Location], value: JSONValue) -> String? {
        guard !keepJSONFieldList.contains(matching: path) else { return nil }
        switch value {
        case .string(let text):
            // The path decides first, as for headers: most strings of an answer are kept by it alone.
            guard let rule = jsonStringRule(at: path, text: text), !CredentialValue.isMaskedOrEmpty(text) else { return nil }
            return rule
        case .number:
            return jsonFieldList.first(matching: path)?.description
        case .null, .bool, .array, .object:
            return nil
        }
    }

    /// The rule that would scrub the string `text` at `path` by its path or name, before asking whether it is masked
    /// or empty (which keeps it).
    private func jsonStringRule(at path: [JSONPathPattern.Location], text: String) -> String? {
        if let rule = jsonFieldList.first(matching: path) { return rule.description }
        guard case .member(let name)? = path.last else { return nil }
        let lower = name.lowercasedIfNeeded()
        guard let fragment = jsonFragmentSet.firstIndex(in: lower).map({ jsonFragments[$0] }),
            !CredentialValue.isCursorName(lower), !CredentialValue.isDescriptiveName(lower),
            CredentialValue.couldBeCredential(text)
        else { return nil }
        return "*\(fragment)*"
    }

    /// Strings at kept JSON paths in a body: a credential shape inside one is left alone.
    func keptJSONStrings(in body: Body) -> Set<String> {
        guard !keepJSONFields.isEmpty, let document = body.jsonDocument else { return [] }
        var kept: Set<String> = []
        var path: [JSONPathPattern.Location] = []
        func visit(_ value: JSONValue) {
            switch value {
            case .string(let text) where keepJSONFieldList.contains(matching: path): kept.insert(text)
            case .array(let elements):
                for (offset, element) in elements.enumerated() {
                    path.append(.index(offset))
                    visit(element)
                    path.removeLast()
                }
            case .object(let members):
                for member in members {
                    path.append(.member(member.name))
                    visit(member.value)
                    path.removeLast()
                }
            default: break
            }
        }
        visit(document)
        return kept
    }
}

extension Body {
    /// The body as a JSON document: stored as JSON, or text that is a JSON object or array (as scrubbing and lint read
    /// it).
    var jsonDocument: JSONValue? {
        switch self {
        case .json(let json): return json.value
        case .text(let text):
            guard let first = text.utf8.first(where: { $0 > 0x20 }), first == UInt8(ascii: "{") || first == UInt8(ascii: "[")
            else { return nil }
            return try? JSONValue.parse(Array(text.utf8))
        case .none, .binary, .chunks: return nil
        }
    }
}
