import MockAPIJSON

/// A JSON value of an input file together with where it is, so that every error can say file and path.
struct InputField {
    let value: JSONValue
    let file: String
    let path: String

    func failure(_ reason: String) -> InteropError {
        .invalid(file: file, at: path, reason: reason)
    }

    func child(_ name: String, _ value: JSONValue) -> InputField {
        InputField(value: value, file: file, path: path.isEmpty ? name : "\(path).\(name)")
    }

    /// A member, or nil when it is absent or null.
    func optional(_ name: String) -> InputField? {
        guard let member = value[name], !member.isNull else { return nil }
        return child(name, member)
    }

    /// Warns of each member of this object that is not null and not in `known` (``ImportedRequestLine/reportUnknown``).
    /// Names starting with `_` are skipped when `customPrefix` (HAR's custom fields: `_initiator`, `_priority`).
    func reportUnknown(known: Set<String>, customPrefix: Bool = false, warnings: inout [ImportWarning]) {
        guard case .object(let members) = value else { return }
        let names = members.filter { !$0.value.isNull && !(customPrefix && $0.name.hasPrefix("_")) }.map(\.name)
        ImportedRequestLine.reportUnknown(names, known: known, file: file, at: path, warnings: &warnings)
    }

    func required(_ name: String) throws(InteropError) -> InputField {
        guard case .object = value else { throw failure("expected an object, found \(value.kindDescription)") }
        guard let member = optional(name) else { throw child(name, .null).failure("required field is missing") }
        return member
    }

    func string() throws(InteropError) -> String {
        guard case .string(let text) = value else { throw failure("expected a string, found \(value.kindDescription)") }
        return text
    }

    func number() throws(InteropError) -> Double {
        guard case .number(let literal) = value, let number = Double(literal) else {
            throw failure("expected a number, found \(value.kindDescription)")
        }
        return number
    }

    func integer() throws(InteropError) -> Int {
        guard case .number(let literal) = value else { throw failure("expected a number, found \(value.kindDescription)") }
        guard let integer = Int(literal) ?? Double(literal).flatMap({ $0.rounded() == $0 ? Int(exactly: $0) : nil }) else {
            throw failure("expected a whole number, found \(literal)")
        }
        return integer
    }

    func array() throws(InteropError) -> [InputField] {
        guard case .array(let elements) = value else { throw failure("expected an array, found \(value.kindDescription)") }
        return elements.enumerated().map { InputField(value: $0.element, file: file, path: "\(path)[\($0.offset)]") }
    }

    /// `[{"name": …, "value": …}]`, as HAR writes headers, query strings and form parameters.
    func nameValuePairs() throws(InteropError) -> [(name: String, value: String, field: InputField)] {
        var pairs: [(name: String, value: String, field: InputField)] = []
        for element in try array() {
            let name = try element.required("name").string()
            // HAR allows a parameter without a value (`params[].value` is optional).
            let value = try element.optional("value")?.string() ?? ""
            pairs.append((name, value, element))
        }
        return pairs
    }
}
