extension GitHub {
    /// One page of a search (`GET /search/…`). `totalCount` counts every match, not just this page's.
    public struct SearchResult<Item: Codable & Sendable & Hashable>: Codable, Sendable, Hashable {
        public var totalCount: Int
        /// Whether GitHub timed out before finding every match.
        public var incompleteResults: Bool
        public var items: [Item]

        enum CodingKeys: String, CodingKey {
            case items
            case totalCount = "total_count"
            case incompleteResults = "incomplete_results"
        }
    }
}
