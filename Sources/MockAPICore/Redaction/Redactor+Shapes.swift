extension Redactor {
    /// Credential-shaped values (``CredentialShape``) wherever they are: the path, header values, and request and
    /// answer bodies (query and form values are checked with their parameters). Left alone: headers the rules name
    /// exactly (their rule decides: an acknowledged `Authorization` stays as it is), kept headers and JSON fields, and
    /// places the cassette's `lint.allow` acknowledges for `secret-shape`.
    func scrubShapes(_ interaction: inout Interaction, scope: Scope, report: inout RedactionReport,
                     scrubbed: inout [SecretLiteral]) {
        if !scope.acknowledges(.secretShape, at: scope.at + ".request.path") {
            let (bytes, found) = CredentialShape.replacing(in: Array(interaction.request.path.utf8), with: RedactionMarker.generic)
            if !found.isEmpty {
                let path = String(decoding: bytes, as: UTF8.self)
                interaction.request.path = path.hasPrefix("/") ? path : "/" + path
                noteShapes(found, at: scope.place + "request path", site: scope.at + ".request.path", report: &report, scrubbed: &scrubbed)
            }
        }
        scrubShapes(in: &interaction.request.headers, side: "request", scope: scope, report: &report, scrubbed: &scrubbed)
        scrubShapes(in: &interaction.response.headers, side: "response", scope: scope, report: &report, scrubbed: &scrubbed)
        // A form body's values were checked with their parameters.
        let isFormText = if case .text = interaction.request.body {
            RequestNormalizer.isForm(interaction.request.headers["content-type"])
        } else { false }
        if !isFormText {
            scrubShapes(in: &interaction.request.body, side: "request", scope: scope, report: &report, scrubbed: &scrubbed)
        }
        scrubShapes(in: &interaction.response.body, side: "response", scope: scope, report: &report, scrubbed: &scrubbed)
    }

    private func scrubShapes(in headers: inout HTTPHeaders, side: String, scope: Scope, report: inout RedactionReport,
                             scrubbed: inout [SecretLiteral]) {
        for index in headers.fields.indices {
            let field = headers.fields[index]
            // The value's bytes first: most hold none, and scanning them costs less than lowering and hashing the name.
            guard !CredentialShape.matches(in: field.value).isEmpty else { continue }
            let name = field.name.lowercasedIfNeeded()
            guard !rules.headers.contains(name), !rules.keepHeaders.contains(name),
                !scope.acknowledges(.secretShape, at: "\(scope.at).\(side).headers[\(index)]")
            else { continue }
            let (bytes, found) = CredentialShape.replacing(in: Array(field.value.utf8), with: RedactionMarker.generic)
            guard !found.isEmpty else { continue }
            headers.fields[index].value = String(decoding: bytes, as: UTF8.self)
            noteShapes(found, at: "\(scope.place)\(side) header \(name)", site: "\(scope.at).\(side).headers[\(index)]", report: &report, scrubbed: &scrubbed)
        }
    }

    func scrubShapes(in body: inout Body, side: String, scope: Scope, report: inout RedactionReport,
                     scrubbed: inout [SecretLiteral]) {
        switch body {
        case .none, .binary: return
        // Most bodies hold no credential, and storing one anew parses it again: looked for in its bytes first.
        case .text, .json: guard !CredentialShape.matches(in: body.bytes).isEmpty else { return }
        // Looked for chunk by chunk, below.
        case .chunks: break
        }
        guard !scope.acknowledges(.secretShape, at: "\(scope.at).\(side).body") else { return }
        let kept = rules.keptJSONStrings(in: body)
        var found: [(value: String, kind: String)] = []
        let replaced = body.replacingBytes { bytes in
            let (scrubbed, matches) = CredentialShape.replacing(in: bytes, with: RedactionMarker.generic) { value in
                kept.contains { ByteSearch.contains(value, in: $0) }
            }
            found += matches
            return scrubbed
        }
        guard !found.isEmpty else { return }
        body = replaced
        noteShapes(found, at: "\(scope.place)\(side) body", site: "\(scope.at).\(side).body", report: &report, scrubbed: &scrubbed)
    }

    /// Notes credentials found by shape (`shape github-token`) at `place` (`site` in the cassette file, for lint), and
    /// keeps them to hunt their echoes.
    func noteShapes(_ found: [(value: String, kind: String)], at place: String, site: String, report: inout RedactionReport,
                    scrubbed: inout [SecretLiteral]) {
        for (value, kind) in found {
            report.note(place, "shape \(kind)")
            report.shapeSites.append(RedactionReport.ShapeSite(at: site, kind: kind))
            scrubbed.append(SecretLiteral(name: place, value: value, placeholder: RedactionMarker.generic))
        }
    }
}
