import APIClient

extension GitHub {
    /// GitHub's error document: `{"message": "Validation Failed", "errors": [...], "documentation_url": "…"}`.
    /// Sent with 4xx answers (401, 403, 404, 422, …); `APIError.errorBody(as: GitHub.ErrorBody.self)` reads it.
    public struct ErrorBody: APIErrorBody, Codable, Hashable {
        public var message: String
        public var documentationURL: String?
        /// Details of a 422: which field of which resource is wrong.
        public var errors: [Detail]?
        /// The status as a string, which newer answers repeat in the body.
        public var status: String?

        public init(message: String, documentationURL: String? = nil, errors: [Detail]? = nil, status: String? = nil) {
            self.message = message
            self.documentationURL = documentationURL
            self.errors = errors
            self.status = status
        }

        /// One problem of a 422. GitHub sends either an object or, for some endpoints, a bare string (`message`).
        public struct Detail: Codable, Sendable, Hashable {
            public var resource: String?
            public var field: String?
            /// `missing`, `missing_field`, `invalid`, `already_exists`, `unprocessable` or `custom`.
            public var code: String?
            public var message: String?

            public init(resource: String? = nil, field: String? = nil, code: String? = nil, message: String? = nil) {
                self.resource = resource
                self.field = field
                self.code = code
                self.message = message
            }

            public init(from decoder: any Decoder) throws {
                if let text = try? decoder.singleValueContainer().decode(String.self) {
                    message = text
                    return
                }
                let container = try decoder.container(keyedBy: CodingKeys.self)
                resource = try container.decodeIfPresent(String.self, forKey: .resource)
                field = try container.decodeIfPresent(String.self, forKey: .field)
                code = try container.decodeIfPresent(String.self, forKey: .code)
                message = try container.decodeIfPresent(String.self, forKey: .message)
            }

            enum CodingKeys: String, CodingKey {
                case resource, field, code, message
            }
        }

        enum CodingKeys: String, CodingKey {
            case message, errors, status
            case documentationURL = "documentation_url"
        }

        /// `Validation Failed (Label.color invalid) — https://docs.github.com/…`
        public var description: String {
            var text = message
            let details = (errors ?? []).map { detail in
                let subject = [detail.resource, detail.field].compactMap(\.self).joined(separator: ".")
                return [subject.isEmpty ? nil : subject, detail.code, detail.message]
                    .compactMap(\.self).joined(separator: " ")
            }
            if !details.isEmpty { text += " (" + details.joined(separator: "; ") + ")" }
            if let documentationURL { text += " — " + documentationURL }
            return text
        }
    }
}
