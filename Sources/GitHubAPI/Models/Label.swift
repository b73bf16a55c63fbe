import Foundation

extension GitHub {
    /// A label of a repository or issue.
    public struct Label: Codable, Sendable, Hashable {
        public var id: Int?
        public var name: String
        /// Six hex digits, without `#`.
        public var color: String?
        public var description: String?
        public var isDefault: Bool?
        public var url: URL?

        enum CodingKeys: String, CodingKey {
            case id, name, color, description, url
            case isDefault = "default"
        }
    }
}
