import Foundation
import HTTPTypes

/// The pages of a paginated endpoint, fetched one at a time as they are iterated.
///
/// The first page is the endpoint itself; each following page is the previous answer's `Link: <…>; rel="next"`
/// URL, requested as the server wrote it (absolute, so a replay server that rewrites links keeps the client on
/// itself), with the endpoint's method and headers, and decoded by the endpoint. Iteration ends after a page
/// without a `next` link, or whose `next` link was already fetched (a server that loops). Each page is one call
/// with its own retries and events; an error ends the iteration and is thrown by `next()`.
///
/// ```swift
/// for try await page in client.pages(ListIssues(owner: "o", repo: "r", perPage: 3)) {
///     print(page.totalCount as Any, page.content.count)
/// }
/// ```
public struct Pages<E: Endpoint>: AsyncSequence, Sendable {
    /// Each element is one page: its decoded content and the answer it came from.
    public typealias Element = Page<E.Response>
    /// The error that ends the sequence: the failed page's call, as `send(_:)` would report it.
    public typealias Failure = APIError

    let client: RESTClient
    let endpoint: E
    let headers: HTTPFields

    /// Starts at the endpoint's first page.
    public func makeAsyncIterator() -> Iterator {
        Iterator(client: client, endpoint: endpoint, headers: headers)
    }

    /// Fetches one page per call of `next()`, following the `Link: rel="next"` header of the page before.
    public struct Iterator: AsyncIteratorProtocol {
        let client: RESTClient
        let endpoint: E
        let headers: HTTPFields
        private var upcoming: URL?? = .some(nil)   // .some(nil): the endpoint's own URL; nil: done
        private var fetched: Set<URL> = []

        init(client: RESTClient, endpoint: E, headers: HTTPFields) {
            self.client = client
            self.endpoint = endpoint
            self.headers = headers
        }

        /// The next page, or nil after the last one (the one without a `next` link).
        public mutating func next() async throws(APIError) -> Page<E.Response>? {
            try await next(isolation: nil)
        }

        /// The next page, or nil after the last one, in the caller's isolation.
        public mutating func next(isolation actor: isolated (any Actor)?) async throws(APIError) -> Page<E.Response>? {
            guard case .some(let url) = upcoming else { return nil }
            upcoming = nil
            let (client, endpoint, headers) = (self.client, self.endpoint, self.headers)
            let delivery = try await client.execute(endpoint, absoluteURL: url, headers: headers)
            let page = Page(content: delivery.value, response: delivery.response, url: delivery.url)
            // The first page's URL is only known here: the client resolved it from the endpoint.
            fetched.insert(delivery.url)
            if let following = page.next, !fetched.contains(following) {
                upcoming = .some(following)
            }
            return page
        }
    }
}

extension Pages {
    /// Fetches every page and returns all their items in order.
    public func allItems<Item>() async throws(APIError) -> [Item] where E.Response == [Item] {
        var items: [Item] = []
        for try await page in self {
            items.append(contentsOf: page.content)
        }
        return items
    }
}

extension RESTClient {
    /// The pages of `endpoint`, following `Link: rel="next"`; nothing is sent until iteration starts.
    public func pages<E: Endpoint>(_ endpoint: E, headers: HTTPFields = [:]) -> Pages<E> {
        Pages(client: self, endpoint: endpoint, headers: headers)
    }
}
