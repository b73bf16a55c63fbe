/// One entry of a GraphQL answer's `errors` list, as the GraphQL specification and GitHub write it:
/// `{"type": "UNPROCESSABLE", "path": ["enablePullRequestAutoMerge"], "locations": [{"line": 1, "column": 28}],
/// "message": "…"}`. Only `message` is required; everything else is kept when present.
public struct GraphQLResponseError: Sendable, Hashable, Decodable, CustomStringConvertible {
    /// One step of `path`: a field's response name or a list index.
    public enum PathElement: Sendable, Hashable, Decodable, CustomStringConvertible {
        case field(String)
        case index(Int)

        public init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let index = try? container.decode(Int.self) { self = .index(index) } else { self = .field(try container.decode(String.self)) }
        }

        public var description: String {
            switch self {
            case .field(let name): name
            case .index(let index): "[\(index)]"
            }
        }
    }

    /// Where in the document the error is.
    public struct Location: Sendable, Hashable, Decodable {
        public let line: Int
        public let column: Int

        public init(line: Int, column: Int) {
            self.line = line
            self.column = column
        }
    }

    public let message: String
    /// The field of the answer the error is about (`repository.issues`); empty for a request-wide error.
    public let path: [PathElement]
    public let locations: [Location]
    /// GitHub's error kind (`NOT_FOUND`, `UNPROCESSABLE`, `FORBIDDEN`, …), top level or in `extensions.code`.
    public let type: String?

    private enum CodingKeys: String, CodingKey { case message, path, locations, type, extensions }
    private enum ExtensionKeys: String, CodingKey { case code }

    public init(message: String, path: [PathElement] = [], locations: [Location] = [], type: String? = nil) {
        self.message = message
        self.path = path
        self.locations = locations
        self.type = type
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        message = try container.decode(String.self, forKey: .message)
        path = try container.decodeIfPresent([PathElement].self, forKey: .path) ?? []
        locations = try container.decodeIfPresent([Location].self, forKey: .locations) ?? []
        let extensions = try? container.nestedContainer(keyedBy: ExtensionKeys.self, forKey: .extensions)
        type = try container.decodeIfPresent(String.self, forKey: .type)
            ?? (try extensions?.decodeIfPresent(String.self, forKey: .code))
    }

    /// `UNPROCESSABLE at enablePullRequestAutoMerge: …`
    public var description: String {
        var text = type.map { "\($0) " } ?? ""
        if !path.isEmpty { text += "at " + pathText + ": " }
        return text + message
    }

    /// `path` as one would write it: `repository.issues[2].title`.
    public var pathText: String {
        var text = ""
        for element in path {
            switch element {
            case .field(let name): text += text.isEmpty ? name : "." + name
            case .index(let index): text += "[\(index)]"
            }
        }
        return text
    }
}
