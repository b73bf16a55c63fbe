import Foundation

extension GitHub {
    /// A user or organization account as GitHub lists it (`owner`, `user`), or in full (`GET /users/{login}`).
    /// Fields only the full form has are optional.
    public struct User: Codable, Sendable, Hashable {
        public var login: String
        public var id: Int
        public var nodeID: String?
        public var avatarURL: URL?
        public var htmlURL: URL?
        /// `User`, `Organization` or `Bot`.
        public var type: String?
        public var siteAdmin: Bool?
        public var name: String?
        public var company: String?
        public var blog: String?
        public var location: String?
        public var email: String?
        public var bio: String?
        public var publicRepos: Int?
        public var followers: Int?
        public var following: Int?
        public var createdAt: Date?
        public var updatedAt: Date?

        public init(login: String, id: Int) {
            self.login = login
            self.id = id
        }

        enum CodingKeys: String, CodingKey {
            case login, id, type, name, company, blog, location, email, bio, followers, following
            case nodeID = "node_id"
            case avatarURL = "avatar_url"
            case htmlURL = "html_url"
            case siteAdmin = "site_admin"
            case publicRepos = "public_repos"
            case createdAt = "created_at"
            case updatedAt = "updated_at"
        }
    }
}
