extension Qiita {
    /// What `CreateItem` sends.
    public struct NewItem: Codable, Sendable, Hashable {
        public var title: String
        public var body: String
        /// At least one tag.
        public var tags: [ItemTag]
        public var isPrivate: Bool
        public var tweet: Bool?

        public init(title: String, body: String, tags: [ItemTag], isPrivate: Bool = false, tweet: Bool? = nil) {
            self.title = title
            self.body = body
            self.tags = tags
            self.isPrivate = isPrivate
            self.tweet = tweet
        }

        enum CodingKeys: String, CodingKey {
            case title, body, tags, tweet
            case isPrivate = "private"
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
