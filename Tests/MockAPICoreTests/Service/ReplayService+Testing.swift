import MockAPICore

extension ReplayService {
    static func make(_ cassettes: [LoadedCassette], options: ReplayOptions = ReplayOptions(),
                     conditions: ReplayConditions = .none, baseURL: String = "http://127.0.0.1:9999") -> ReplayService {
        ReplayService(cassettes: cassettes, options: options, conditions: conditions, baseURL: baseURL)
    }
}

extension HTTPRequest {
    func with(_ name: String, _ value: String) -> HTTPRequest {
        var copy = self
        copy.headers.append(name, value)
        return copy
    }
}

/// GET /user/following/x recorded three times with different answers, in one cassette per name.
func followingCassette(_ name: String, _ statuses: [Int]) -> LoadedCassette {
    .make(name, statuses.map { .get("/user/following/x", status: $0) })
}
