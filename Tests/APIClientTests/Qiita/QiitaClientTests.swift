import APIClient
import APIClientTesting
import Foundation
import QiitaAPI
import Testing

struct QiitaClientTests {
    private static let base = "http://127.0.0.1:8080/api/v2"

    private func qiita(_ transport: StubTransport, token: String? = nil) -> QiitaClient {
        QiitaClient(baseURL: .make(Self.base), token: token, transport: transport) { $0.clock = TestClock() }
    }

    /// Pages of items under the `/api/v2` prefix, with `page`/`per_page`, `Total-Count` and `Link` next.
    @Test func items_arePagedWithTotalCount() async throws {
        let next = "\(Self.base)/items?page=2&per_page=1"
        let transport = StubTransport(
            .json(200, QiitaFixtures.items, headers: ["Total-Count": "2", "Link": "<\(next)>; rel=\"next\""]),
            .json(200, QiitaFixtures.items, headers: ["Total-Count": "2"]))
        var counts: [Int?] = []
        var titles: [String] = []
        for try await page in qiita(transport).items(page: 1, perPage: 1) {
            counts.append(page.totalCount)
            titles += page.content.map(\.title)
        }
        #expect(transport.urls == ["\(Self.base)/items?page=1&per_page=1", next])
        #expect(counts == [2, 2])
        #expect(titles == ["Example title", "Example title"])
    }

    @Test func item_decodesTheDocumentedExample() async throws {
        let transport = StubTransport(.json(200, QiitaFixtures.item))
        let item = try await qiita(transport).item("4bd431809afb1bb99e4f")
        #expect(transport.urls == ["\(Self.base)/items/4bd431809afb1bb99e4f"])
        #expect(item.tags == [Qiita.ItemTag(name: "Ruby", versions: ["0.0.1"])])
        #expect(item.user?.id == "yaotti")
        #expect(item.group?.urlName == "dev")
        #expect(item.createdAt == ISO8601DateFormatter().date(from: "2000-01-01T00:00:00Z"))
    }

    /// POST with the item as JSON (`private`, not `isPrivate`); 201 decodes the created item.
    @Test func createItem_postsTheItem() async throws {
        let transport = StubTransport(.json(201, QiitaFixtures.item))
        let draft = Qiita.NewItem(title: "Example title", body: "# Example", tags: [.init(name: "Ruby", versions: ["0.0.1"])])
        let item = try await qiita(transport, token: "t").createItem(draft)
        let request = try #require(transport.requests.first)
        #expect(request.method.rawValue == "POST")
        #expect(request.url?.absoluteString == "\(Self.base)/items")
        #expect(request.headers["Authorization"] == "Bearer t")
        #expect(try JSONObject(request.body) == JSONObject(
            ##"{"title": "Example title", "body": "# Example", "private": false, "tags": [{"name": "Ruby", "versions": ["0.0.1"]}]}"##))
        #expect(item.id == "4bd431809afb1bb99e4f")
    }

    /// PATCH sends only the fields that change.
    @Test func updateItem_patchesOnlyGivenFields() async throws {
        let transport = StubTransport(.json(200, QiitaFixtures.item))
        _ = try await qiita(transport).updateItem("4bd431809afb1bb99e4f", Qiita.ItemUpdate(title: "New title"))
        let request = try #require(transport.requests.first)
        #expect(request.method.rawValue == "PATCH")
        #expect(try JSONObject(request.body) == JSONObject(#"{"title": "New title"}"#))
    }

    @Test func deleteItem_accepts204WithoutBody() async throws {
        let transport = StubTransport(.make(204))
        try await qiita(transport).deleteItem("4bd431809afb1bb99e4f")
        #expect(transport.requests.first?.method == .delete)
        #expect(transport.urls == ["\(Self.base)/items/4bd431809afb1bb99e4f"])
    }

    @Test func authenticatedUser_hasUploadQuota() async throws {
        let transport = StubTransport(.json(200, QiitaFixtures.authenticatedUser))
        let user = try await qiita(transport).authenticatedUser()
        #expect(transport.urls == ["\(Self.base)/authenticated_user"])
        #expect(user.permanentID == 1)
        #expect(user.imageMonthlyUploadRemaining == 524_288)
    }

    @Test func userAndTag() async throws {
        let transport = StubTransport(.json(200, QiitaFixtures.user), .json(200, QiitaFixtures.tag))
        let client = qiita(transport)
        let user = try await client.user("yaotti")
        let tag = try await client.tag("qiita")
        #expect(transport.urls == ["\(Self.base)/users/yaotti", "\(Self.base)/tags/qiita"])
        #expect(user.followersCount == 200)
        #expect(user.imageMonthlyUploadLimit == nil)
        #expect(tag.itemsCount == 200)
    }

    /// Tagged items under the prefix with paging; declared with `treating(404, as: [])`, an unused tag is no items.
    @Test func taggedItems_pathQueryAndDeclared404() async throws {
        let transport = StubTransport(
            .json(200, QiitaFixtures.items), .json(404, #"{"message": "Not found", "type": "not_found"}"#))
        let client = qiita(transport).rest
        let items = try await client.send(Qiita.ListTaggedItems(tag: "Swift", page: 2, perPage: 10))
        let none = try await client.send(Qiita.ListTaggedItems(tag: "no-such-tag").treating(404, as: []))
        #expect(transport.urls == ["\(Self.base)/tags/Swift/items?page=2&per_page=10", "\(Self.base)/tags/no-such-tag/items"])
        #expect(items.map(\.title) == ["Example title"])
        #expect(none.isEmpty)
    }

    @Test func notFound_decodesQiitasErrorBody() async throws {
        let transport = StubTransport(.json(404, QiitaFixtures.notFound))
        let error = try #require(await apiError { try await qiita(transport).item("missing") })
        #expect(error.errorBody(as: Qiita.ErrorBody.self) == Qiita.ErrorBody(message: "Not found", type: "not_found"))
        #expect(error.description == "GET \(Self.base)/items/missing: unexpected status 404: Not found (not_found)")
    }

    /// The default base URL keeps Qiita's `/api/v2` prefix.
    @Test func defaultBaseURL_hasTheAPIPrefix() async throws {
        let transport = StubTransport(.json(200, QiitaFixtures.tag))
        _ = try await QiitaClient(transport: transport).tag("qiita")
        #expect(transport.urls == ["https://qiita.com/api/v2/tags/qiita"])
    }
}
