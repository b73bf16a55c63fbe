import Foundation

extension Qiita {
    /// A tag (`GET /tags/{id}`).
    public struct Tag: Codable, Sendable, Hashable {
        /// The tag's name, such as `qiita`.
        public var id: String
        public var followersCount: Int?
        public var itemsCount: Int?
        public var iconURL: URL?

        enum CodingKeys: String, CodingKey {
            case id
            case followersCount = "followers_count"
            case itemsCount = "items_count"
            case iconURL = "icon_url"
        }
    }
}
