import MockAPICore
import MockAPIJSON

/// Small builders for interactions and cassettes, so a test shows only what it is about.
extension Interaction {
    static func make(_ method: String = "GET", _ target: String, status: Int = 200, body: Body = .none,
                     headers: HTTPHeaders = [], requestBody: Body = .none, requestHeaders: HTTPHeaders = [],
                     upstream: String? = "https://api.example.com", mount: String? = nil) -> Interaction {
        let (path, query) = HTTPRequest.split(target: target)
        return Interaction(
            request: RecordedRequest(method: method, path: path, query: query, headers: requestHeaders, body: requestBody),
            response: RecordedResponse(status: status, headers: headers, body: body),
            upstream: upstream, mount: mount)
    }

    static func get(_ target: String, status: Int = 200, json: String? = nil) -> Interaction {
        make("GET", target, status: status, body: json.map { .json(try! JSONValue.parse($0)) } ?? .none)
    }
}

extension LoadedCassette {
    static func make(_ name: String, _ interactions: [Interaction]) -> LoadedCassette {
        LoadedCassette(name: name, file: "\(name).json", cassette: Cassette(interactions: interactions))
    }

    static func make(_ interactions: [Interaction]) -> LoadedCassette {
        make("test", interactions)
    }
}

extension HTTPRequest {
    static func get(_ target: String, headers: HTTPHeaders = []) -> HTTPRequest {
        HTTPRequest(method: "GET", target: target, headers: headers)
    }

    static func post(_ target: String, json: String, headers: HTTPHeaders = []) -> HTTPRequest {
        HTTPRequest(method: "POST", target: target, headers: headers, body: Array(json.utf8))
    }
}

extension Replayer {
    static func make(_ cassettes: [LoadedCassette], options: ReplayOptions = ReplayOptions(),
                     baseURL: String = "http://127.0.0.1:9999") -> Replayer {
        Replayer(cassettes: cassettes, options: options, baseURL: baseURL)
    }
}

extension HTTPResponse {
    var text: String { String(decoding: body, as: UTF8.self) }
    var json: JSONValue? { try? JSONValue.parse(body) }
}
