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
        for (side, keyPath) in [("request", \Interaction.request.headers), ("response", \Interaction.response.headers)] {
            for index in interaction[keyPath: keyPath].fields.indices {
                let field = interaction[keyPath: keyPath].fields[index]
                let name = field.name.lowercasedIfNeeded()
                guard !rules.headers.contains(name), !rules.keepHeaders.contains(name),
                    !scope.acknowledges(.secretShape, at: "\(scope.at).\(side).headers[\(index)]")
                else { continue }
                let (bytes, found) = CredentialShape.replacing(in: Array(field.value.utf8), with: RedactionMarker.generic)
                guard !found.isEmpty else { continue }
                interaction[keyPath: keyPath].fields[index].value = String(decoding: bytes, as: UTF8.self)
                noteShapes(found, at: "\(scope.place)\(side) header \(name)", site: "\(scope.at).\(side).headers[\(index)]", report: &report, scrubbed: &scrubbed)
            }
        }
        let form = RequestNormalizer.isForm(interaction.request.headers["content-type"])
        for (side, keyPath) in [("request", \Interaction.request.body), ("response", \Interaction.response.body)] {
            let body = interaction[keyPath: keyPath]
            switch body {
            case .text where side == "request" && form, .none, .binary: continue
            case .text, .json: break
            }
            guard !scope.acknowledges(.secretShape, at: "\(scope.at).\(side).body") else { continue }
            let kept = rules.keptJSONStrings(in: body)
            let (bytes, found) = CredentialShape.replacing(in: body.bytes, with: RedactionMarker.generic) { value in
                kept.contains { ByteSearch.contains(value, in: $0) }
            }
            guard !found.isEmpty else { continue }
            interaction[keyPath: keyPath] = Body(bytes: bytes)
            noteShapes(found, at: "\(scope.place)\(side) body", site: "\(scope.at).\(side).body", report: &report, scrubbed: &scrubbed)
        }
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
