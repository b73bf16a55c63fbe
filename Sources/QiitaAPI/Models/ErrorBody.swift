import APIClient

extension Qiita {
    /// Qiita's error document: `{"message": "Not found", "type": "not_found"}`.
    public struct ErrorBody: APIErrorBody, Codable, Hashable {
        public var message: String
        /// A stable code such as `not_found`, `unauthorized`, `forbidden`, `rate_limit_exceeded`.
        public var type: String?

        public init(message: String, type: String? = nil) {
            self.message = message
            self.type = type
        }

        public var description: String {
            type.map { "\(message) (\($0))" } ?? message
        }
    }
}
