@testable import APIClient
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing

/// The conversions of `URLSessionTransport`, without a network.
struct URLSessionTransportTests {
    @Test func requestBecomesURLRequest() throws {
        let request = HTTPRequest(
            method: .patch(RequestBody(data: Data("{}".utf8), contentType: "application/json")),
            url: .make("https://qiita.com/api/v2/items/1"),
            headers: ["Content-Type": "application/json", "Authorization": "Bearer t"])
        let urlRequest = URLSessionTransport.makeURLRequest(request)
        #expect(urlRequest.httpMethod == "PATCH")
        #expect(urlRequest.url?.absoluteString == "https://qiita.com/api/v2/items/1")
        #expect(urlRequest.value(forHTTPHeaderField: "authorization") == "Bearer t")
        #expect(urlRequest.httpBody == Data("{}".utf8))
    }

    @Test func getHasNoBody() {
        let urlRequest = URLSessionTransport.makeURLRequest(HTTPRequest(method: .get, url: .make("https://a.test/")))
        #expect(urlRequest.httpMethod == "GET")
        #expect(urlRequest.httpBody == nil)
    }

    @Test func httpURLResponseBecomesResponse() throws {
        let http = try #require(HTTPURLResponse(
            url: .make("https://api.github.com/zen"), statusCode: 418, httpVersion: "HTTP/1.1",
            headerFields: ["Content-Type": "text/plain", "X-RateLimit-Remaining": "59"]))
        let response = URLSessionTransport.makeResponse(http, body: Data("hi".utf8))
        #expect(response.status == 418)
        #expect(response.headers["x-ratelimit-remaining"] == "59")
        #expect(response.body == Data("hi".utf8))
        #expect(response.url?.absoluteString == "https://api.github.com/zen")
    }
}
