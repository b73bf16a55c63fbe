import MockAPICore

extension Interaction {
    /// A recorded GET, for tests.
    static func recordedGet(_ path: String, query: String? = nil, headers: [(String, String)] = [], status: Int = 200,
                    responseBody: String = "", responseHeaders: [(String, String)] = []) -> Interaction {
        Interaction(
            request: RecordedRequest(method: "GET", path: path, query: query, headers: HTTPHeaders(headers.map { .init($0.0, $0.1) })),
            response: RecordedResponse(
                status: status, headers: HTTPHeaders(responseHeaders.map { .init($0.0, $0.1) }),
                body: Body(bytes: Array(responseBody.utf8))))
    }

    /// A recorded POST with a body of the given type, for tests.
    static func recordedPost(_ path: String, query: String? = nil, headers: [(String, String)] = [], body: String, contentType: String,
                     status: Int = 200, responseBody: String = "", responseHeaders: [(String, String)] = []) -> Interaction {
        var all = HTTPHeaders(headers.map { .init($0.0, $0.1) })
        all.append("Content-Type", contentType)
        return Interaction(
            request: RecordedRequest(method: "POST", path: path, query: query, headers: all, body: Body(bytes: Array(body.utf8))),
            response: RecordedResponse(
                status: status, headers: HTTPHeaders(responseHeaders.map { .init($0.0, $0.1) }),
                body: Body(bytes: Array(responseBody.utf8))))
    }
}
