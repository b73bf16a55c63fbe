import MockAPICore
import Yams

/// A YAML node of an input file together with where it is (path and line), so that every error can say both.
struct YAMLField {
    let node: Node
    let file: String
    /// `http_interactions[2].response.status.code`
    let path: String

    func failure(_ reason: String) -> InteropError {
        .invalid(file: file, at: path, reason: reason, line: node.mark?.line)
    }

    /// A plain `null`, `~` or nothing at all.
    var isNull: Bool {
        guard case .scalar = node else { return false }
        return node.tag.rawValue == Tag.Name.null.rawValue
    }

    /// Tagged `!!binary` (YAML, as vcrpy and PyYAML write bytes) or `!binary` (as Ruby's Psych writes them).
    var isBinary: Bool {
        let tag = node.tag.rawValue
        return tag == Tag.Name.binary.rawValue || tag == "!binary"
    }

    /// The members of a mapping, in document order, keyed by their scalar text.
    func members() throws(InteropError) -> [(name: String, field: YAMLField)] {
        guard case .mapping(let mapping) = node else { throw failure("expected a mapping, found \(kind)") }
        var members: [(name: String, field: YAMLField)] = []
        for (key, value) in mapping {
            guard case .scalar(let scalar) = key else {
                throw YAMLField(node: key, file: file, path: path).failure("expected a plain key, found \(YAMLField.kind(key))")
            }
            members.append((scalar.string, YAMLField(node: value, file: file, path: path.isEmpty ? scalar.string : "\(path).\(scalar.string)")))
        }
        return members
    }

    /// A member that is present and not null.
    func optional(_ name: String) throws(InteropError) -> YAMLField? {
        try members().first { $0.name == name && !$0.field.isNull }?.field
    }

    /// Warns of each member of this mapping that is not null and not in `known` (``ImportedRequestLine/reportUnknown``).
    func reportUnknown(known: Set<String>, warnings: inout [ImportWarning]) throws(InteropError) {
        guard case .mapping = node else { return }
        let names = try members().filter { !$0.field.isNull }.map(\.name)
        ImportedRequestLine.reportUnknown(names, known: known, file: file, at: path, warnings: &warnings)
    }

    func required(_ name: String) throws(InteropError) -> YAMLField {
        guard let member = try optional(name) else {
            throw YAMLField(node: node, file: file, path: path.isEmpty ? name : "\(path).\(name)").failure("required field is missing")
        }
        return member
    }

    /// The text of a scalar, as written (a number or a date stays text).
    func string() throws(InteropError) -> String {
        guard case .scalar(let scalar) = node else { throw failure("expected a text value, found \(kind)") }
        return scalar.string
    }

    func integer() throws(InteropError) -> Int {
        guard let value = Int(try string()) else { throw failure("expected a whole number, found \"\(try string())\"") }
        return value
    }

    func sequence() throws(InteropError) -> [YAMLField] {
        guard case .sequence(let sequence) = node else { throw failure("expected a list, found \(kind)") }
        return sequence.enumerated().map { YAMLField(node: $0.element, file: file, path: "\(path)[\($0.offset)]") }
    }

    /// The bytes of a scalar: base64-decoded when tagged binary, else its UTF-8 text.
    func bytes() throws(InteropError) -> [UInt8] {
        let text = try string()
        guard isBinary else { return Array(text.utf8) }
        guard let bytes = Base64.decode(text) else { throw failure("not valid base64 (the value is tagged binary)") }
        return bytes
    }

    /// The `headers:` of a request or response mapping, as name → list of values (or one value), as VCR, vcrpy and
    /// go-vcr write them; each value is one field.
    func headers() throws(InteropError) -> HTTPHeaders {
        guard let field = try optional("headers") else { return HTTPHeaders() }
        var pairs: [(name: String, value: String)] = []
        var places: [String] = []
        for member in try field.members() {
            let values: [YAMLField]
            switch member.field.node {
            case .sequence: values = try member.field.sequence()
            case .scalar: values = member.field.isNull ? [] : [member.field]
            default: throw member.field.failure("expected a list of values, found \(member.field.kind)")
            }
            for value in values {
                pairs.append((member.name, try value.string()))
                places.append(value.path)
            }
        }
        return try ImportedMessage.headers(pairs, exact: false, file: file) { places[$0] }
    }

    var kind: String { YAMLField.kind(node) }

    static func kind(_ node: Node) -> String {
        switch node {
        case .scalar: "a text value"
        case .mapping: "a mapping"
        case .sequence: "a list"
        case .alias: "an alias"
        }
    }
}
