/// A secret value to replace wherever it appears: in a path, a query, a header value or a body.
public struct SecretLiteral: Sendable, Hashable, CustomStringConvertible {
    /// What the value is, for messages and reports; never the value itself (`GITHUB_TOKEN`, `request header
    /// authorization`).
    public let name: String
    /// The secret itself; never printed.
    public let value: String
    /// What stands in for it: `<GITHUB_TOKEN>` or `<redacted>`.
    public let placeholder: String

    /// A secret `value`, named `name` in reports and replaced by `placeholder`.
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

/// What the ``Redactor`` scrubs: credentials, and nothing else, so that a replayed request gets exactly the recorded
/// answer. The defaults (``standard``) cover what clients of GitHub, Qiita and most HTTP APIs send or receive; each
/// `--redact-*` option of `mockapi record` adds to them, each `--keep-*` option takes a name out, and
/// `--no-default-redaction` starts from ``none``.
///
/// Names are compared without regard to case.
/// - **Exact names** (``headers``, ``queryParameters``, ``jsonFields``) are scrubbed whatever they hold (but an empty
///   value or a placeholder).
/// - **Fragments** (``headerFragments``, ``queryFragments``, ``jsonFragments``): a name that only contains one
///   (`X-Amz-Security-Token`, `hide_secret`) is scrubbed only when its value could be a credential: not a boolean,
///   number, date, enum-like word or short value (``CredentialValue``), and never for pagination cursors (`page_token`,
///   `cursor`, `after`) or names that describe a credential (`token_type`, `…-Token-Expiration`).
/// - **Shapes** (``credentialShapes``): GitHub tokens, JWTs, AWS, Slack, Stripe, Google keys and the like are scrubbed
///   wherever they appear (``CredentialShape``).
/// - **Literals**: a named value (`--redact-env`) wherever it stands as a whole value.
/// - **Keep** (``keepHeaders``, ``keepQueryParameters``, ``keepJSONFields``): never scrubbed, by name or by shape.
public struct RedactionRules: Sendable, Equatable {
    /// Header names scrubbed in requests and responses, lower-case.
    public var headers: Set<String>
    /// Fragments: a header whose lower-case name contains one is scrubbed when its value could be a credential.
    public var headerFragments: [String] { didSet { headerFragmentSet = FragmentSet(headerFragments) } }
    /// Query and form parameter names scrubbed, lower-case.
    public var queryParameters: Set<String>
    /// Fragments: a query or form parameter whose lower-case name contains one is scrubbed when its value could be a
    /// credential.
    public var queryFragments: [String] { didSet { queryFragmentSet = FragmentSet(queryFragments) } }
    /// JSON body fields scrubbed in requests and responses.
    public var jsonFields: [JSONPathPattern] { didSet { jsonFieldList = JSONPathPatternList(jsonFields) } }
    /// Fragments: a JSON member whose lower-case name contains one is scrubbed when its string value could be a
    /// credential.
    public var jsonFragments: [String] { didSet { jsonFragmentSet = FragmentSet(jsonFragments) } }
    /// Whether credential-shaped values (``CredentialShape``) are scrubbed wherever they appear.
    public var credentialShapes: Bool
    /// Values replaced wherever they stand as a whole value, each by its own placeholder (`--redact-env`).
    public var literals: [SecretLiteral]
    /// Headers never scrubbed (`--keep-header`), lower-case.
    public var keepHeaders: Set<String>
    /// Query and form parameters never scrubbed (`--keep-query`), lower-case.
    public var keepQueryParameters: Set<String>
    /// JSON fields never scrubbed (`--keep-json-field`).
    public var keepJSONFields: [JSONPathPattern] { didSet { keepJSONFieldList = JSONPathPatternList(keepJSONFields) } }
    /// The fragments, ready to be looked for (``FragmentSet``).
    private(set) var headerFragmentSet: FragmentSet
    private(set) var queryFragmentSet: FragmentSet
    private(set) var jsonFragmentSet: FragmentSet
    /// The JSON path patterns, ready to be asked (``JSONPathPatternList``).
    private(set) var jsonFieldList: JSONPathPatternList
    private(set) var keepJSONFieldList: JSONPathPatternList
    /// A scrubbed value at least this long that could be a credential is also replaced wherever else it stands as a
    /// whole value in the cassette (a token echoed in a body). Shorter values are only replaced where their rule points.
    public var minimumEchoLength: Int

    /// Rules that scrub exactly what is given (names are compared case-insensitively); `.standard` holds the defaults.
    public init(headers: Set<String> = [], headerFragments: [String] = [], queryParameters: Set<String> = [],
                queryFragments: [String] = [], jsonFields: [JSONPathPattern] = [], jsonFragments: [String] = [],
                credentialShapes: Bool = false, literals: [SecretLiteral] = [], keepHeaders: Set<String> = [],
                keepQueryParameters: Set<String> = [], keepJSONFields: [JSONPathPattern] = [], minimumEchoLength: Int = 8) {
        self.headers = Set(headers.map { $0.lowercased() })
        self.headerFragments = headerFragments.map { $0.lowercased() }
        self.queryParameters = Set(queryParameters.map { $0.lowercased() })
        self.queryFragments = queryFragments.map { $0.lowercased() }
        self.jsonFields = jsonFields
        self.jsonFragments = jsonFragments.map { $0.lowercased() }
        self.credentialShapes = credentialShapes
        self.literals = literals
        self.keepHeaders = Set(keepHeaders.map { $0.lowercased() })
        self.keepQueryParameters = Set(keepQueryParameters.map { $0.lowercased() })
        self.keepJSONFields = keepJSONFields
        self.minimumEchoLength = minimumEchoLength
        self.headerFragmentSet = FragmentSet(self.headerFragments)
        self.queryFragmentSet = FragmentSet(self.queryFragments)
        self.jsonFragmentSet = FragmentSet(self.jsonFragments)
        self.jsonFieldList = JSONPathPatternList(jsonFields)
        self.keepJSONFieldList = JSONPathPatternList(keepJSONFields)
    }

    /// Scrubs nothing (what `--no-default-redaction` starts from).
    public static let none = RedactionRules()

    /// The defaults of `mockapi record`, `import` and `scrub`.
    public static let standard = RedactionRules(
        headers: ["authorization", "proxy-authorization", "cookie", "set-cookie", "x-api-key", "api-key", "x-auth-token",
                  "private-token"],
        headerFragments: ["api-key", "apikey", "api_key", "token", "secret", "password", "session"],
        queryParameters: ["access_token", "refresh_token", "id_token", "client_secret", "password", "passwd", "api_key",
                          "apikey", "private_token", "auth_token"],
        queryFragments: ["token", "secret", "password", "passwd", "api_key", "apikey", "api-key", "signature", "credential"],
        jsonFields: ["$..access_token", "$..refresh_token", "$..id_token", "$..client_secret", "$..password", "$..api_key",
                     "$..private_token"]
            .compactMap { try? JSONPathPattern(parsing: $0) },
        jsonFragments: ["token", "secret", "password", "passwd", "apikey", "api_key", "private_key", "credential"],
        credentialShapes: true)

    /// Whether a header of this name may be scrubbed by name (exactly or by a fragment), and is not kept.
    package func coversHeader(_ name: String) -> Bool {
        let lower = name.lowercased()
        guard !keepHeaders.contains(lower) else { return false }
        return headers.contains(lower) || headerFragmentSet.contains(in: lower)
    }

    /// Whether a parameter of this name may be scrubbed by name (exactly or by a fragment), and is not kept.
    func coversParameter(_ name: String) -> Bool {
        let lower = name.lowercased()
        guard !keepQueryParameters.contains(lower) else { return false }
        return queryParameters.contains(lower) || queryFragmentSet.contains(in: lower)
    }

    /// These rules and `other`'s together.
    public func adding(_ other: RedactionRules) -> RedactionRules {
        var merged = self
        merged.headers.formUnion(other.headers)
        merged.headerFragments += other.headerFragments.filter { !headerFragments.contains($0) }
        merged.queryParameters.formUnion(other.queryParameters)
        merged.queryFragments += other.queryFragments.filter { !queryFragments.contains($0) }
        merged.jsonFields += other.jsonFields.filter { !jsonFields.contains($0) }
        merged.jsonFragments += other.jsonFragments.filter { !jsonFragments.contains($0) }
        merged.credentialShapes = credentialShapes || other.credentialShapes
        merged.literals += other.literals.filter { !literals.contains($0) }
        merged.keepHeaders.formUnion(other.keepHeaders)
        merged.keepQueryParameters.formUnion(other.keepQueryParameters)
        merged.keepJSONFields += other.keepJSONFields.filter { !keepJSONFields.contains($0) }
        merged.minimumEchoLength = min(minimumEchoLength, other.minimumEchoLength)
        return merged
    }
}
