import APIClient
import APIClientTesting
import Foundation
import Testing

struct PaginationTests {
    private static let base = "http://127.0.0.1:8080/@cassette"

    private static func link(next: String?, last: String = "\(base)/numbers?per_page=2&page=3") -> HTTPFields {
        var parts = ["<\(base)/numbers?per_page=2&page=1>; rel=\"first\""]
        if let next { parts.insert("<\(next)>; rel=\"next\"", at: 0) }
        parts.append("<\(last)>; rel=\"last\"")
        return ["Link": parts.joined(separator: ", "), "Total-Count": "5"]
    }

    /// Each `next` link is requested exactly as the server wrote it, until a page has none.
    @Test func followsAbsoluteNextLinksToTheEnd() async throws {
        let page2 = "\(Self.base)/numbers?per_page=2&page=2"
        let page3 = "\(Self.base)/numbers?per_page=2&page=3"
        let transport = StubTransport(
            .json(200, "[1, 2]", headers: Self.link(next: page2)),
            .json(200, "[3, 4]", headers: Self.link(next: page3)),
            .json(200, "[5]", headers: Self.link(next: nil)))
        let client = makeClient(transport, baseURL: Self.base)

        var contents: [[Int]] = []
        var totals: [Int?] = []
        for try await page in client.pages(ListNumbers()) {
            contents.append(page.content)
            totals.append(page.totalCount)
        }

        #expect(contents == [[1, 2], [3, 4], [5]])
        #expect(totals == [5, 5, 5])
        #expect(transport.urls == ["\(Self.base)/numbers?per_page=2", page2, page3])
    }

    /// The page exposes every relation of the `Link` header, and the last page has no `next`.
    @Test func pageExposesLinks() async throws {
        let transport = StubTransport(.json(200, "[5]", headers: Self.link(next: nil)))
        let client = makeClient(transport, baseURL: Self.base)
        var iterator = client.pages(ListNumbers()).makeAsyncIterator()
        let page = try #require(try await iterator.next())
        #expect(page.next == nil)
        #expect(page.links["last"]?.absoluteString == "\(Self.base)/numbers?per_page=2&page=3")
        #expect(page.links["first"]?.absoluteString == "\(Self.base)/numbers?per_page=2&page=1")
        #expect(try await iterator.next() == nil)
    }

    /// Without `Total-Count` (GitHub) the count is unknown rather than zero.
    @Test func totalCountIsNilWhenNotSent() async throws {
        let transport = StubTransport(.json(200, "[1]"))
        let client = makeClient(transport)
        var iterator = client.pages(ListNumbers()).makeAsyncIterator()
        #expect(try await iterator.next()?.totalCount == nil)
    }

    /// An error on a later page is thrown by the iteration, after the pages before it were delivered.
    @Test func errorOnALaterPage_isThrownAfterEarlierPages() async throws {
        let transport = StubTransport(
            .json(200, "[1, 2]", headers: ["Link": "<https://api.example.com/numbers?page=2>; rel=\"next\""]),
            .make(404))
        let client = makeClient(transport)
        var delivered: [[Int]] = []
        let error = await apiError {
            for try await page in client.pages(ListNumbers()) { delivered.append(page.content) }
        }
        #expect(delivered == [[1, 2]])
        #expect(error?.status == 404)
        #expect(error?.request.url == "https://api.example.com/numbers?page=2")
    }

    /// A server whose `next` points back to a page already fetched does not loop the client forever.
    @Test func nextLinkToAFetchedPage_endsTheIteration() async throws {
        let loop = "https://api.example.com/numbers?page=2"
        let transport = StubTransport(
            .json(200, "[1]", headers: ["Link": "<\(loop)>; rel=\"next\""]),
            .json(200, "[2]", headers: ["Link": "<\(loop)>; rel=\"next\""]))
        let client = makeClient(transport)
        #expect(try await client.pages(ListNumbers()).allItems() == [1, 2])
        #expect(transport.requests.count == 2)
    }

    /// A `next` that points back to the first page ends the iteration too.
    @Test func nextLinkToTheFirstPage_endsTheIteration() async throws {
        let first = "https://api.example.com/numbers?per_page=2"
        let transport = StubTransport(
            .json(200, "[1]", headers: ["Link": "<https://api.example.com/numbers?page=2>; rel=\"next\""]),
            .json(200, "[2]", headers: ["Link": "<\(first)>; rel=\"next\""]))
        let client = makeClient(transport)
        #expect(try await client.pages(ListNumbers()).allItems() == [1, 2])
        #expect(transport.requests.count == 2)
    }

    /// Link headers with several relations per link, relative targets and quoted commas are understood.
    @Test func linkHeaderParsing() {
        let response = HTTPResponse(
            status: .ok,
            headerFields: ["Link": #"</items?page=2>; rel="next last"; title="a, b", <https://x.test/p1>; rel=prev"#])
        let page = Page(content: [Int](), response: response, url: .make("https://qiita.com/api/v2/items?page=1"))
        #expect(page.links["next"]?.absoluteString == "https://qiita.com/items?page=2")
        #expect(page.links["last"]?.absoluteString == "https://qiita.com/items?page=2")
        #expect(page.links["prev"]?.absoluteString == "https://x.test/p1")
    }
}
