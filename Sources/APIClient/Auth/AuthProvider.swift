import HTTPTypes

/// Adds credentials to requests, and renews them when the server answers 401.
///
/// The client calls `authorize(_:)` before every attempt of a call whose URL has the origin of the client's base
/// URL (never for a `Link` that points elsewhere), so renewed credentials are picked up by the next attempt.
/// After a 401 it calls `refresh(after:)` **once per call**; when that returns `true` the request is sent again,
/// and a second 401 is reported as `APIError.unexpectedStatus`. Errors thrown by either method are reported as
/// `APIError.authenticationFailed`.
public protocol AuthProvider: Sendable {
    /// `request` with credentials added.
    func authorize(_ request: HTTPRequest) async throws -> HTTPRequest

    /// Renews credentials after `response` (a 401). Returns whether repeating the request is worth it.
    func refresh(after response: HTTPResponse) async throws -> Bool
}

extension AuthProvider {
    /// By default credentials cannot be renewed, so a 401 is final.
    public func refresh(after response: HTTPResponse) async throws -> Bool { false }
}
