import APIClient
import Foundation

extension Qiita {
    /// `GET /items`: one page of items, newest first. The answer's `Total-Count` header counts them all;
    /// follow the rest with `RESTClient.pages(_:)`.
    public struct ListItems: Endpoint {
        public typealias Response = [Item]
        /// 1–100.
        public var page: Int?
        /// 1–100 (Qiita's default is 20).
        public var perPage: Int?
        /// A search query such as `tag:Swift`.
        public var query: String?

        public init(page: Int? = nil, perPage: Int? = nil, query: String? = nil) {
            self.page = page
            self.perPage = perPage
            self.query = query
        }

        public var path: String { "/items" }

        public var queryItems: [URLQueryItem] {
            var items: [URLQueryItem] = []
            if let page { items.append(URLQueryItem(name: "page", value: String(page))) }
            if let perPage { items.append(URLQueryItem(name: "per_page", value: String(perPage))) }
            if let query { items.append(URLQueryItem(name: "query", value: query)) }
            return items
        }
    }

    /// `GET /tags/{id}/items`: one page of the items with a tag, newest first, with `Total-Count`.
    ///
    /// Qiita answers 404 for a tag no item has ever used. Where that means "no items" to the caller, say so:
    /// `ListTaggedItems(tag: "swift").treating(404, as: [])`.
    public struct ListTaggedItems: Endpoint {
        public typealias Response = [Item]
        /// The tag's id, such as `swift` (case-insensitive at Qiita).
        public var tag: String
        /// 1–100.
        public var page: Int?
        /// 1–100 (Qiita's default is 20).
        public var perPage: Int?

        public init(tag: String, page: Int? = nil, perPage: Int? = nil) {
            self.tag = tag
            self.page = page
            self.perPage = perPage
        }

        public var path: String { EndpointPath.join("tags", tag, "items") }

        public var queryItems: [URLQueryItem] {
            var items: [URLQueryItem] = []
            if let page { items.append(URLQueryItem(name: "page", value: String(page))) }
            if let perPage { items.append(URLQueryItem(name: "per_page", value: String(perPage))) }
            return items
        }
    }

    /// `GET /items/{id}`
    public struct GetItem: Endpoint {
        public typealias Response = Item
        public var id: String
        public init(id: String) { self.id = id }
        public var path: String { EndpointPath.join("items", id) }
    }

    /// `POST /items`: publishes an item (201).
    public struct CreateItem: Endpoint {
        public typealias Response = Item
        public var item: NewItem
        public init(_ item: NewItem) { self.item = item }
        public var method: HTTPRequest.Method { .post }
        public var body: RequestBody? { .json(item) }
        public var path: String { "/items" }
    }

    /// `PATCH /items/{id}`: changes an item (200 with the new item).
    public struct UpdateItem: Endpoint {
        public typealias Response = Item
        public var id: String
        public var update: ItemUpdate
        public init(id: String, update: ItemUpdate) {
            self.id = id
            self.update = update
        }
        public var method: HTTPRequest.Method { .patch }
        public var body: RequestBody? { .json(update) }
        public var path: String { EndpointPath.join("items", id) }
    }

    /// `DELETE /items/{id}`: deletes an item (204, no body).
    public struct DeleteItem: Endpoint {
        public typealias Response = EmptyResponse
        public var id: String
        public init(id: String) { self.id = id }
        public var method: HTTPRequest.Method { .delete }
        public var path: String { EndpointPath.join("items", id) }
    }
}
