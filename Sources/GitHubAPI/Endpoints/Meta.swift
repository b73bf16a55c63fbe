import APIClient

extension GitHub {
    /// `GET /zen`: a random line of GitHub's design philosophy, as plain text.
    public struct Zen: Endpoint {
        public typealias Response = String
        public init() {}
        public var path: String { "/zen" }
    }

    /// `GET /rate_limit`: the caller's rate limits. Calling it does not count against them.
    public struct GetRateLimit: Endpoint {
        public typealias Response = RateLimitStatus
        public init() {}
        public var path: String { "/rate_limit" }
    }
}
