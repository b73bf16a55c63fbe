import Foundation

extension GitHub {
    /// The caller's rate limits (`GET /rate_limit`), which calling does not consume.
    public struct RateLimitStatus: Codable, Sendable, Hashable {
        /// Limits by resource: `core`, `search`, `graphql`, …
        public var resources: [String: Rate]
        /// The `core` limit (kept by GitHub for older clients).
        public var rate: Rate?
    }

    /// One rate limit: how many calls are allowed and left, and when the window resets.
    public struct Rate: Codable, Sendable, Hashable {
        public var limit: Int
        public var remaining: Int
        /// Epoch seconds at which `remaining` is restored.
        public var reset: Int
        public var used: Int?
        public var resource: String?

        /// `reset` as a date.
        public var resetDate: Date { Date(timeIntervalSince1970: TimeInterval(reset)) }
    }
}
