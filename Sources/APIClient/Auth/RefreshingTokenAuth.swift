import HTTPTypes

/// A token that is renewed by calling `renew` when the server answers 401.
///
/// Concurrent calls that hit a 401 at the same time share one renewal: the first starts it, the others wait for it.
public actor RefreshingTokenAuth: AuthProvider {
    /// The token sent now; replaced by each renewal.
    public private(set) var token: String
    /// The scheme sent before the token: `Bearer`, or `token` for GitHub's older form.
    public nonisolated let scheme: String
    private let renew: @Sendable () async throws -> String
    private var renewal: Task<String, any Error>?

    /// A token that `renew` replaces after a 401.
    /// - Parameters:
    ///   - token: the token to start with.
    ///   - scheme: sent before the token: `Bearer`, or `token` for GitHub's older form.
    ///   - renew: fetches a new token; its errors become `APIError.authenticationFailed`.
    public init(token: String, scheme: String = "Bearer", renew: @escaping @Sendable () async throws -> String) {
        self.token = token
        self.scheme = scheme
        self.renew = renew
    }

    /// Adds `Authorization: <scheme> <token>` with the current token.
    public func authorize(_ request: HTTPRequest) async throws -> HTTPRequest {
        var request = request
        request.headerFields[.authorization] = "\(scheme) \(token)"
        return request
    }

    /// After a 401, gets a new token (once for all concurrent calls) and returns true so the call is sent again.
    public func refresh(after response: HTTPResponse) async throws -> Bool {
        if let renewal {
            token = try await renewal.value
            return true
        }
        let task = Task { try await renew() }
        renewal = task
        defer { renewal = nil }
        token = try await task.value
        return true
    }
}
