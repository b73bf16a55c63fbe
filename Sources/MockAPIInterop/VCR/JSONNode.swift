import MockAPIJSON
import Yams

/// A JSON document as the YAML node tree the VCR reader walks. VCR and vcrpy write JSON cassettes too (vcrpy's
/// `serializer="json"` is Python's `json.dump`, which escapes every character outside the BMP as a surrogate pair,
/// `"\ud83c\udf70"`, an escape YAML readers refuse): such files are parsed as JSON and read by the same reader.
/// Every scalar keeps the tag its JSON kind gives, so the string `"null"` stays text and `null` stays null.
enum JSONNode {
    static func node(_ value: JSONValue) -> Node {
        switch value {
        case .null: .scalar(Node.Scalar("null", Tag(.null)))
        case .bool(let flag): .scalar(Node.Scalar(flag ? "true" : "false", Tag(.bool)))
        case .number(let literal): .scalar(Node.Scalar(literal, Tag(literal.contains(where: { $0 == "." || $0 == "e" || $0 == "E" }) ? .float : .int)))
        case .string(let text): .scalar(Node.Scalar(text, Tag(.str)))
        case .array(let elements): .sequence(Node.Sequence(elements.map(node)))
        case .object(let members): .mapping(Node.Mapping(members.map { (.scalar(Node.Scalar($0.name, Tag(.str))), node($0.value)) }))
        }
    }
}
