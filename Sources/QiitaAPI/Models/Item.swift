import Foundation

extension Qiita {
    /// An article.
    public struct Item: Codable, Sendable, Hashable {
        /// Such as `4bd431809afb1bb99e4f`.
        public var id: String
        public var title: String
        /// Markdown.
        public var body: String
        public var renderedBody: String?
        public var url: URL?
        public var user: User?
        public var tags: [ItemTag]
        public var isPrivate: Bool
        public var coediting: Bool?
        public var group: Group?
        public var likesCount: Int?
        public var commentsCount: Int?
        public var createdAt: Date?
        public var updatedAt: Date?

        enum CodingKeys: String, CodingKey {
            case id, title, body, url, user, tags, coediting, group
            case renderedBody = "rendered_body"
            case isPrivate = "private"
            case likesCount = "likes_count"
            case commentsCount = "comments_count"
            case createdAt = "created_at"
            case updatedAt = "updated_at"
        }
    }

    /// A tag as an item carries it, with optional versions (`Ruby` `0.0.1`).
    public struct ItemTag: Codable, Sendable, Hashable {
        public var name: String
        public var versions: [String]

        public init(name: String, versions: [String] = []) {
            self.name = name
            self.versions = versions
        }
    }

    /// The team group an item belongs to (Qiita Team).
    public struct Group: Codable, Sendable, Hashable {
        public var id: Int?
        public var name: String
        public var urlName: String?
        public var isPrivate: Bool?

        enum CodingKeys: String, CodingKey {
            case id, name
            case urlName = "url_name"
            case isPrivate = "private"
        }
    }
}
