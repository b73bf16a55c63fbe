import MockAPIJSON

extension Redactor {
    /// The byte strings a value may appear as: as written, percent-encoded (`%2F`, and `+` for spaces in forms),
    /// JSON-escaped (`\"`, `\\`, and `\/` as some servers write slashes). Duplicates removed, longest first so that
    /// a longer form is replaced before a shorter one inside it.
    static func forms(of value: String) -> [[UInt8]] {
        let raw = Array(value.utf8)
        var forms = [raw, percentEncoded(raw, plusForSpace: false), percentEncoded(raw, plusForSpace: true)]
        var escaped: [UInt8] = []
        JSONValue.writeString(value, into: &escaped)
        let inner = Array(escaped.dropFirst().dropLast())
        forms.append(inner)
        if inner.contains(UInt8(ascii: "/")) {
            forms.append(ByteSearch.replacing([UInt8(ascii: "/")], with: Array(#"\/"#.utf8), in: inner).bytes)
        }
        var unique: [[UInt8]] = []
        for form in forms where !form.isEmpty && !unique.contains(form) { unique.append(form) }
        return unique.sorted { $0.count > $1.count }
    }

    /// Replaces a secret in every part of an interaction where it stands as a whole value (never inside a longer word:
    /// `dummy_value` in `old_dummy_value_2` stays), noting each part where it was found.
    func replaceEverywhere(_ secret: SecretLiteral, rule: String, in interaction: inout Interaction, place: String,
                           report: inout RedactionReport) {
        let forms = Redactor.forms(of: secret.value)
        let placeholder = Array(secret.placeholder.utf8)

        func replace(_ original: [UInt8]) -> ([UInt8], Int) {
            var bytes = original
            var total = 0
            for form in forms {
                let (replaced, count) = ByteSearch.replacing(form, with: placeholder, in: bytes, wholeOnly: true)
                bytes = replaced
                total += count
            }
            return (bytes, total)
        }
        func replace(_ text: String) -> (String, Int) {
            let (bytes, total) = replace(Array(text.utf8))
            return total == 0 ? (text, 0) : (String(decoding: bytes, as: UTF8.self), total)
        }

        let (path, inPath) = replace(interaction.request.path)
        // A secret at the very start of the path (`/api…`) takes the leading / with it; without it the cassette would
        // not load.
        interaction.request.path = path.hasPrefix("/") ? path : "/" + path
        report.note(place + "request path", rule, count: inPath)
        if let query = interaction.request.query {
            let (scrubbed, count) = replace(query)
            interaction.request.query = scrubbed
            report.note(place + "request query", rule, count: count)
        }
        for (side, keyPath) in [("request", \Interaction.request.headers), ("response", \Interaction.response.headers)] {
            for index in interaction[keyPath: keyPath].fields.indices {
                let field = interaction[keyPath: keyPath].fields[index]
                let (value, count) = replace(field.value)
                guard count > 0 else { continue }
                interaction[keyPath: keyPath].fields[index].value = value
                report.note(place + "\(side) header \(field.name.lowercased())", rule, count: count)
            }
        }
        for (side, keyPath) in [("request", \Interaction.request.body), ("response", \Interaction.response.body)] {
            let body = interaction[keyPath: keyPath]
            guard !body.isEmpty else { continue }
            var total = 0
            let replaced = body.replacingBytes { bytes in
                let (kept, count) = replace(bytes)
                total += count
                return kept
            }
            guard total > 0 else { continue }
            interaction[keyPath: keyPath] = replaced
            report.note(place + "\(side) body", rule, count: total)
        }
        replaceInMessages(&interaction, place: place, rule: rule, report: &report, replace: replace)
    }

    private static func percentEncoded(_ bytes: [UInt8], plusForSpace: Bool) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        let hex = Array("0123456789ABCDEF".utf8)
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
                output.append(byte)
            case UInt8(ascii: " ") where plusForSpace:
                output.append(UInt8(ascii: "+"))
            default:
                output += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]]
            }
        }
        return output
    }
}
