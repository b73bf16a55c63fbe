extension Qiita {
    /// What `CreateItem` sends.
    public struct NewItem: Codable, Sendable, Hashable {
        public var title: String
        public var body: String
        /// At least one tag.
        public var tags: [ItemTag]
        public var isPrivate: Bool
        public var tweet: Bool?
        /// Qiita Team: whether team members may edit the item; `nil` sends nothing.
        public var coediting: Bool?
        /// Qiita Team: the `url_name` of the group to publish in; `nil` sends nothing.
        public var groupURLName: String?

        public init(
            title: String, body: String, tags: [ItemTag], isPrivate: Bool = false, tweet: Bool? = nil,
            coediting: Bool? = nil, groupURLName: String? = nil
        ) {
            self.title = title
            self.body = body
            self.tags = tags
            self.isPrivate = isPrivate
            self.tweet = tweet
            self.coediting = coediting
            self.groupURLName = groupURLName
        }

        enum CodingKeys: String, CodingKey {
            case title, body, tags, tweet, coediting
            case isPrivate = "private"
            case groupURLName = "group_url_name"
        }
    }

    /// What `UpdateItem` sends. Fields left `nil` are not sent and keep their value.
    public struct ItemUpdate: Codable, Sendable, Hashable {
        public var title: String?
        public var body: String?
        public var tags: [ItemTag]?
        public var isPrivate: Bool?

        public init(title: String? = nil, body: String? = nil, tags: [ItemTag]? = nil, isPrivate: Bool? = nil) {
            self.title = title
            self.body = body
            self.tags = tags
            self.isPrivate = isPrivate
        }

        enum CodingKeys: String, CodingKey {
            case title, body, tags
            case isPrivate = "private"
        }
    }
}
