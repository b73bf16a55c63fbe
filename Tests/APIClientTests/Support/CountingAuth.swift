import APIClient
import Synchronization

/// An auth provider whose token changes with each refresh: `token-1`, then `token-2`, …; it counts refreshes.
final class CountingAuth: AuthProvider {
    private let state = Mutex((generation: 1, refreshes: 0))
    let refreshError: TestError?

    init(refreshError: TestError? = nil) {
        self.refreshError = refreshError
    }

    var refreshes: Int { state.withLock { $0.refreshes } }

    func authorize(_ request: HTTPRequest) async throws -> HTTPRequest {
        var request = request
        request.headerFields[.authorization] = "Bearer token-\(state.withLock { $0.generation })"
        return request
    }

    func refresh(after response: HTTPResponse) async throws -> Bool {
        state.withLock { $0.refreshes += 1 }
        if let refreshError { throw refreshError }
        state.withLock { $0.generation += 1 }
        return true
    }
}
