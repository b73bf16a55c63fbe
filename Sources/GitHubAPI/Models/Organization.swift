import Foundation

extension GitHub {
    /// An organization (`GET /orgs/{org}`).
    public struct Organization: Codable, Sendable, Hashable {
        public var login: String
        public var id: Int
        public var name: String?
        public var description: String?
        public var htmlURL: URL?
        public var avatarURL: URL?
        public var publicRepos: Int?
        public var followers: Int?
        public var isVerified: Bool?
        public var createdAt: Date?
        public var updatedAt: Date?

        enum CodingKeys: String, CodingKey {
            case login, id, name, description, followers
            case htmlURL = "html_url"
            case avatarURL = "avatar_url"
            case publicRepos = "public_repos"
            case isVerified = "is_verified"
            case createdAt = "created_at"
            case updatedAt = "updated_at"
        }
    }
}
