import APIClient
import Foundation

/// A typed Qiita API v2 client: one method per supported endpoint, on top of a `RESTClient`.
///
/// ```swift
/// let qiita = QiitaClient(token: token)                                   // https://qiita.com/api/v2
/// let mocked = QiitaClient(baseURL: replayServer.baseURL.appending(path: "api/v2"))
/// for try await page in qiita.items(perPage: 20) { print(page.totalCount as Any) }
/// ```
/// Failures are `APIError`s; Qiita's error document is in `error.errorBody(as: Qiita.ErrorBody.self)`.
public struct QiitaClient: Sendable {
    /// The client that sends the calls; use it to send endpoints this type has no method for.
    public let rest: RESTClient

    /// - Parameters:
    ///   - baseURL: `https://qiita.com/api/v2`, or a mock's URL with the same `/api/v2` prefix (or another).
    ///   - token: an access token, sent as `Authorization: Bearer …` to `baseURL`'s origin.
    ///   - transport: how requests are sent; `URLSessionTransport()` by default.
    ///   - configure: changes to Qiita's default configuration (retry policy, listeners, clock, …).
    public init(
        baseURL: URL = Qiita.defaultBaseURL, token: String? = nil,
        transport: any HTTPTransport = URLSessionTransport(),
        configure: (inout ClientConfiguration) -> Void = { _ in }
    ) {
        var configuration = Qiita.configuration(baseURL: baseURL, token: token)
        configure(&configuration)
        self.rest = RESTClient(configuration: configuration, transport: transport)
    }

    /// A Qiita client over a `RESTClient` configured by the caller.
    public init(rest: RESTClient) {
        self.rest = rest
    }

    /// The pages of `GET /items`, from `page` on, fetched as they are iterated; each page has `totalCount`.
    public func items(page: Int? = nil, perPage: Int? = nil, query: String? = nil) -> Pages<Qiita.ListItems> {
        rest.pages(Qiita.ListItems(page: page, perPage: perPage, query: query))
    }

    /// `GET /items/{id}`
    public func item(_ id: String) async throws(APIError) -> Qiita.Item {
        try await rest.send(Qiita.GetItem(id: id))
    }

    /// `POST /items`
    public func createItem(_ item: Qiita.NewItem) async throws(APIError) -> Qiita.Item {
        try await rest.send(Qiita.CreateItem(item))
    }

    /// `PATCH /items/{id}`
    public func updateItem(_ id: String, _ update: Qiita.ItemUpdate) async throws(APIError) -> Qiita.Item {
        try await rest.send(Qiita.UpdateItem(id: id, update: update))
    }

    /// `DELETE /items/{id}`
    public func deleteItem(_ id: String) async throws(APIError) {
        _ = try await rest.send(Qiita.DeleteItem(id: id))
    }

    /// `GET /authenticated_user`
    public func authenticatedUser() async throws(APIError) -> Qiita.User {
        try await rest.send(Qiita.GetAuthenticatedUser())
    }

    /// `GET /users/{id}`
    public func user(_ id: String) async throws(APIError) -> Qiita.User {
        try await rest.send(Qiita.GetUser(id: id))
    }

    /// `GET /tags/{id}`
    public func tag(_ id: String) async throws(APIError) -> Qiita.Tag {
        try await rest.send(Qiita.GetTag(id: id))
    }
}
