/// A secret value to replace wherever it appears: in a path, a query, a header value or a body.
public struct SecretLiteral: Sendable, Hashable, CustomStringConvertible {
    /// What the value is, for messages and reports; never the value itself (`GITHUB_TOKEN`, `request header
    /// authorization`).
    public let name: String
    public let value: String
    /// What stands in for it: `<GITHUB_TOKEN>` or `<redacted>`.
    public let placeholder: String

    public init(name: String, value: String, placeholder: String) {
        self.name = name
        self.value = value
        self.placeholder = placeholder
    }

    /// The value of an environment variable, replaced by `<NAME>` in capitals (``RedactionMarker/forVariable(_:)``), the
    /// form replay recognises as a placeholder.
    public static func environment(_ name: String, value: String) -> SecretLiteral {
        SecretLiteral(name: name, value: value, placeholder: RedactionMarker.forVariable(name.uppercased()))
    }

    /// Names the secret without showing it.
    public var description: String { name }
}

/// What the ``Redactor`` scrubs. The defaults cover credentials that clients of GitHub, Qiita and most HTTP APIs send
/// or receive; each option of `mockapi record` adds to them.
///
/// Names are compared without regard to case. A header or query parameter is scrubbed when its name is listed, or
/// when it contains one of the listed fragments (so `X-Api-Key`, `X-Amz-Security-Token` and `page_token` are
/// covered by `api-key` and `token`).
public struct RedactionRules: Sendable, Equatable {
    /// Header names scrubbed in requests and responses, lower-case.
    public var headers: Set<String>
    /// Fragments: a header whose lower-case name contains one is scrubbed.
    public var headerFragments: [String]
    /// Query and form parameter names scrubbed, lower-case.
    public var queryParameters: Set<String>
    /// Fragments: a query or form parameter whose lower-case name contains one is scrubbed.
    public var queryFragments: [String]
    /// JSON body fields scrubbed in requests and responses.
    public var jsonFields: [JSONPathPattern]
    /// Values replaced wherever they appear, each by its own placeholder (`--redact-env`).
    public var literals: [SecretLiteral]
    /// A scrubbed value at least this long that has no space is also hunted down everywhere else in the same
    /// interaction (a token echoed in a body). Shorter values are only replaced where their rule points.
    public var minimumEchoLength: Int

    public init(headers: Set<String> = [], headerFragments: [String] = [], queryParameters: Set<String> = [],
                queryFragments: [String] = [], jsonFields: [JSONPathPattern] = [], literals: [SecretLiteral] = [],
                minimumEchoLength: Int = 8) {
        self.headers = Set(headers.map { $0.lowercased() })
        self.headerFragments = headerFragments.map { $0.lowercased() }
        self.queryParameters = Set(queryParameters.map { $0.lowercased() })
        self.queryFragments = queryFragments.map { $0.lowercased() }
        self.jsonFields = jsonFields
        self.literals = literals
        self.minimumEchoLength = minimumEchoLength
    }

    /// Scrubs nothing.
    public static let none = RedactionRules()

    /// The defaults of `mockapi record`.
    public static let standard = RedactionRules(
        headers: ["authorization", "proxy-authorization", "cookie", "set-cookie"],
        headerFragments: ["api-key", "apikey", "api_key", "token", "secret", "password", "session"],
        queryParameters: ["key", "sig"],
        queryFragments: ["token", "secret", "password", "passwd", "api_key", "apikey", "api-key", "signature", "credential"],
        jsonFields: ["$..access_token", "$..refresh_token", "$..id_token", "$..client_secret", "$..password", "$..token"]
            .compactMap { try? JSONPathPattern(parsing: $0) })

    public func coversHeader(_ name: String) -> Bool {
        let lower = name.lowercased()
        return headers.contains(lower) || headerFragments.contains { ByteSearch.contains($0, in: lower) }
    }

    public func coversParameter(_ name: String) -> Bool {
        let lower = name.lowercased()
        return queryParameters.contains(lower) || queryFragments.contains { ByteSearch.contains($0, in: lower) }
    }

    /// These rules and `other`'s together.
    public func adding(_ other: RedactionRules) -> RedactionRules {
        var merged = self
        merged.headers.formUnion(other.headers)
        merged.headerFragments += other.headerFragments.filter { !headerFragments.contains($0) }
        merged.queryParameters.formUnion(other.queryParameters)
        merged.queryFragments += other.queryFragments.filter { !queryFragments.contains($0) }
        merged.jsonFields += other.jsonFields.filter { !jsonFields.contains($0) }
        merged.literals += other.literals.filter { !literals.contains($0) }
        merged.minimumEchoLength = min(minimumEchoLength, other.minimumEchoLength)
        return merged
    }
}
