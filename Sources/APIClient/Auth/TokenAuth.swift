import HTTPTypes

/// A fixed token sent as `Authorization: <scheme> <token>`; a 401 is final.
public struct TokenAuth: AuthProvider {
    /// The token, sent as it is.
    public var token: String
    /// `Bearer` for Qiita and GitHub (which also accepts the older `token`).
    public var scheme: String

    /// A fixed token sent with `scheme` (`Bearer` by default).
    public init(token: String, scheme: String = "Bearer") {
        self.token = token
        self.scheme = scheme
    }

    /// Adds `Authorization: <scheme> <token>`.
    public func authorize(_ request: HTTPRequest) async throws -> HTTPRequest {
        var request = request
        request.headerFields[.authorization] = "\(scheme) \(token)"
        return request
    }
}
