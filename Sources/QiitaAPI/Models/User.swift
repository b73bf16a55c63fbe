import Foundation

extension Qiita {
    /// A Qiita user. The `imageMonthlyUpload…` fields are only in the authenticated user's own profile.
    public struct User: Codable, Sendable, Hashable {
        /// The user name, such as `yaotti`.
        public var id: String
        public var permanentID: Int
        public var name: String?
        public var description: String?
        public var profileImageURL: URL?
        public var followeesCount: Int?
        public var followersCount: Int?
        public var itemsCount: Int?
        public var organization: String?
        public var location: String?
        public var websiteURL: String?
        public var githubLoginName: String?
        public var twitterScreenName: String?
        public var facebookID: String?
        public var linkedinID: String?
        public var teamOnly: Bool?
        public var imageMonthlyUploadLimit: Int?
        public var imageMonthlyUploadRemaining: Int?

        enum CodingKeys: String, CodingKey {
            case id, name, description, organization, location
            case permanentID = "permanent_id"
            case profileImageURL = "profile_image_url"
            case followeesCount = "followees_count"
            case followersCount = "followers_count"
            case itemsCount = "items_count"
            case websiteURL = "website_url"
            case githubLoginName = "github_login_name"
            case twitterScreenName = "twitter_screen_name"
            case facebookID = "facebook_id"
            case linkedinID = "linkedin_id"
            case teamOnly = "team_only"
            case imageMonthlyUploadLimit = "image_monthly_upload_limit"
            case imageMonthlyUploadRemaining = "image_monthly_upload_remaining"
        }
    }
}
