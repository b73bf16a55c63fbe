import MockAPIJSON

/// A small structural check of a JSON value against a schema of an OpenAPI 3.1 document: `$ref` (local), `allOf`,
/// `type`, `const`, `enum`, `required`, `properties`, `additionalProperties: false`, `items` and `minimum`. Enough for the control API's own document;
/// every problem found is returned as `path: what`.
struct SchemaCheck {
    let document: JSONValue

    /// The schema of `path`'s `method` answer with `status` (`application/json`), following `$ref`s.
    func responseSchema(_ path: String, _ method: String, _ status: Int) -> JSONValue? {
        guard var response = document["paths"]?[path]?[method.lowercased()]?["responses"]?[String(status)] else { return nil }
        response = resolve(response)
        return response["content"]?["application/json"]?["schema"]
    }

    func problems(_ value: JSONValue, _ schema: JSONValue, at path: String = "$") -> [String] {
        let schema = resolve(schema)
        var found: [String] = []
        for part in schema["allOf"]?.arrayValue ?? [] { found += problems(value, part, at: path) }
        if let constant = schema["const"], constant.canonicalText != value.canonicalText {
            found.append("\(path): \(value.canonicalText) is not \(constant.canonicalText)")
        }
        if let choices = schema["enum"]?.arrayValue, !choices.contains(value) {
            found.append("\(path): \(value.canonicalText) is none of \(JSONValue.array(choices).canonicalText)")
        }
        if let type = schema["type"]?.stringValue, !SchemaCheck.isOf(type, value) {
            return found + ["\(path): \(value.canonicalText) is not of type \(type)"]
        }
        if let minimum = schema["minimum"], case .number(let bound) = minimum, case .number(let text) = value,
            let lower = Double(bound), let number = Double(text), number < lower
        {
            found.append("\(path): \(text) is below \(bound)")
        }
        if case .object(let members) = value {
            for name in schema["required"]?.arrayValue?.compactMap(\.stringValue) ?? [] where value[name] == nil {
                found.append("\(path): no member \(name)")
            }
            if let properties = schema["properties"] {
                for member in members {
                    if let property = properties[member.name] {
                        found += problems(member.value, property, at: "\(path).\(member.name)")
                    } else if schema["additionalProperties"] == .bool(false) {
                        found.append("\(path): member \(member.name) is not in the document")
                    }
                }
            }
        }
        if case .array(let items) = value, let itemSchema = schema["items"] {
            for (index, item) in items.enumerated() { found += problems(item, itemSchema, at: "\(path)[\(index)]") }
        }
        return found
    }

    /// Follows `{"$ref": "#/a/b"}` to its target in the document.
    func resolve(_ schema: JSONValue) -> JSONValue {
        guard let reference = schema["$ref"]?.stringValue, reference.hasPrefix("#/") else { return schema }
        var target: JSONValue? = document
        for part in reference.dropFirst(2).split(separator: "/") { target = target?[String(part)] }
        return target.map(resolve) ?? .null
    }

    static func isOf(_ type: String, _ value: JSONValue) -> Bool {
        switch (type, value) {
        case ("object", .object), ("array", .array), ("string", .string), ("boolean", .bool), ("null", .null),
            ("number", .number): true
        case ("integer", .number(let text)): Int(text) != nil
        default: false
        }
    }
}
