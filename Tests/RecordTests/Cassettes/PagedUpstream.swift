import MockAPICore
import Synchronization

/// A stand-in API with three pages of items linked by absolute `Link: <…>; rel="next"` URLs to itself, as GitHub
/// pages, and `/extra`. Answers carry `version` so a test can tell a re-recording from the old one.
final class PagedUpstream: Sendable {
    private final class State: Sendable {
        let version: Mutex<Int>
        let origin = Mutex("")
        init(version: Int) { self.version = Mutex(version) }
    }

    let upstream: StandInUpstream
    private let state: State

    init(version: Int = 1) throws {
        let state = State(version: version)
        let upstream = try StandInUpstream { request in
            let page = Int(request.query?.split(separator: "=").last ?? "1") ?? 1
            let current = state.version.withLock { $0 }
            let origin = state.origin.withLock { $0 }
            switch request.path {
            case "/items":
                var headers: HTTPHeaders = [("Content-Type", "application/json")]
                if page < 3 { headers.append("Link", "<\(origin)/items?page=\(page + 1)>; rel=\"next\"") }
                let body = "[{\"id\":\(page),\"version\":\(current),\"url\":\"\(origin)/items/\(page)\"}]"
                return .response(HTTPResponse(status: 200, headers: headers, body: Array(body.utf8)))
            case "/extra":
                return .response(.json(status: 200, Array("{\"extra\":\(current)}".utf8)))
            default:
                return .response(.json(status: 404, Array("{\"message\":\"Not Found\"}".utf8)))
            }
        }
        state.origin.withLock { $0 = upstream.url }
        self.upstream = upstream
        self.state = state
    }

    var url: String { upstream.url }
    var requests: [HTTPRequest] { upstream.requests }
    func setVersion(_ value: Int) { state.version.withLock { $0 = value } }
    func stop() async { await upstream.stop() }
}
