import APIClient
import Foundation
import MockAPICore
import MockAPITesting
import QiitaAPI
import Testing

/// Every `QiitaClient` endpoint against the Qiita cassettes (documented example bodies). Qiita's base URL has a
/// path, `/api/v2`; the mock's gets the same one.
struct QiitaTests {
    static let itemID = "4bd431809afb1bb99e4f"
    static let rubyTag = Qiita.ItemTag(name: "Ruby", versions: ["0.0.1"])

    static func client(_ server: ReplayServer) -> QiitaClient {
        QiitaClient(baseURL: server.baseURL.appending(path: "api/v2"), token: "test-token")
    }

    @Test func items_walkAllPagesWithTotalCount() async throws {
        try await withReplayServer(cassettes: ["qiita/items"]) { server in
            var ids: [String] = []
            var totals: [Int?] = []
            for try await page in Self.client(server).items(page: 1, perPage: 1) {
                ids += page.content.map(\.id)
                totals.append(page.totalCount)
            }
            #expect(ids == [Self.itemID, "00000000000000000002", "00000000000000000003"])
            #expect(totals == [3, 3, 3])
            #expect(answers(server) == ["qiita/items#1", "qiita/items#2", "qiita/items#3"])
            #expect(server.requests.allSatisfy { $0.path == "/api/v2/items" })
        }
    }

    @Test func item_decodesTheDocumentedItem() async throws {
        try await withReplayServer(cassettes: ["qiita/items"]) { server in
            let item = try await Self.client(server).item(Self.itemID)
            #expect(item.id == Self.itemID)
            #expect(item.title == "Example title")
            #expect(item.tags == [Self.rubyTag])
            #expect(item.group?.urlName == "dev")
            #expect(answers(server) == ["qiita/items#4"])
        }
    }

    /// 201 with the created item. The request body must be the recorded one (a Qiita Team item in group `dev`).
    @Test func createItem_201() async throws {
        try await withReplayServer(cassettes: ["qiita/items"]) { server in
            let draft = Qiita.NewItem(
                title: "Example title", body: "# Example", tags: [Self.rubyTag], isPrivate: false, tweet: false,
                coediting: false, groupURLName: "dev")
            let (item, response) = try await Self.client(server).rest.sendWithResponse(Qiita.CreateItem(draft))
            #expect(response.status == 201)
            #expect(item.id == Self.itemID)
            #expect(answers(server) == ["qiita/items#0"])
        }
    }

    @Test func updateItem_patchesAndDecodesTheNewItem() async throws {
        try await withReplayServer(cassettes: ["qiita/items"]) { server in
            let update = Qiita.ItemUpdate(title: "Example title", body: "# Example", tags: [Self.rubyTag], isPrivate: false)
            let item = try await Self.client(server).updateItem(Self.itemID, update)
            #expect(item.id == Self.itemID)
            #expect(answers(server) == ["qiita/items#5"])
        }
    }

    /// 204 with no body gives `EmptyResponse`.
    @Test func deleteItem_204GivesEmptyResponse() async throws {
        try await withReplayServer(cassettes: ["qiita/items"]) { server in
            let qiita = Self.client(server)
            let (value, response) = try await qiita.rest.sendWithResponse(Qiita.DeleteItem(id: Self.itemID))
            #expect(value == EmptyResponse())
            #expect(response.status == 204)
            try await qiita.deleteItem(Self.itemID)
            #expect(answers(server) == ["qiita/items#6", "qiita/items#6"])
        }
    }

    @Test func authenticatedUser_hasUploadQuota() async throws {
        try await withReplayServer(cassettes: ["qiita/users"]) { server in
            let user = try await Self.client(server).authenticatedUser()
            #expect(user.id == "yaotti")
            #expect(user.imageMonthlyUploadLimit == 1_048_576)
            #expect(answers(server) == ["qiita/users#0"])
        }
    }

    @Test func user_decodesTheProfile() async throws {
        try await withReplayServer(cassettes: ["qiita/users"]) { server in
            let user = try await Self.client(server).user("yaotti")
            #expect(user.name == "Hiroshige Umino")
            #expect(user.itemsCount == 300)
            #expect(user.followersCount == 200)
            #expect(answers(server) == ["qiita/users#1"])
        }
    }

    @Test func tag_decodesCounts() async throws {
        try await withReplayServer(cassettes: ["qiita/tags"]) { server in
            let tag = try await Self.client(server).tag("qiita")
            #expect(tag.id == "qiita")
            #expect(tag.itemsCount == 200)
            #expect(tag.followersCount == 100)
            #expect(answers(server) == ["qiita/tags#0"])
        }
    }

    @Test(arguments: ["item", "user"])
    func notFound404_hasQiitasErrorBody(_ lookup: String) async throws {
        try await withReplayServer(cassettes: ["qiita/errors"]) { server in
            let qiita = Self.client(server)
            let error = try #require(await #expect(throws: APIError.self) {
                if lookup == "item" {
                    _ = try await qiita.item("00000000000000000000")
                } else {
                    _ = try await qiita.user("no-such-user")
                }
            })
            #expect(error.status == 404)
            #expect(error.errorBody(as: Qiita.ErrorBody.self) == Qiita.ErrorBody(message: "Not found", type: "not_found"))
            #expect(answers(server) == [lookup == "item" ? "qiita/errors#0" : "qiita/errors#1"])
        }
    }
}
