import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import MockAPICore
import MockAPIJSON

/// A `mockapi serve` started outside the test process (in CI, before `swift test`), reached over its admin endpoints.
/// The same checks as ``ReplayServer``, asynchronous.
///
/// ```swift
/// let mock = try RemoteReplayServer.fromEnvironment()               // MOCKAPI_URL
/// let github = GitHubClient(baseURL: mock.baseURL(for: "github/paginate-issues"))
/// … exercise the client …
/// try await mock.assertNoUnmatched(cassette: "github/paginate-issues")
/// try await mock.assertAllUsed(cassette: "github/paginate-issues")
/// ```
public struct RemoteReplayServer: Sendable {
    /// The server's plain base URL.
    public let url: URL
    private let session: URLSession

    /// A handle on the `mockapi serve` at `url`, asked through `session`.
    public init(url: URL, session: URLSession = .shared) {
        self.url = url
        self.session = session
    }

    /// The server named by an environment variable, `MOCKAPI_URL` unless told otherwise.
    public static func fromEnvironment(_ variable: String = "MOCKAPI_URL") throws -> RemoteReplayServer {
        guard let text = ProcessInfo.processInfo.environment[variable], !text.isEmpty else {
            throw VerificationFailure(description: "mockapi: \(variable) is not set; start `mockapi serve … --ready-file F` and export \(variable)=\"$(cat F)\"")
        }
        guard let url = URL(string: text.trimmingCharacters(in: .whitespacesAndNewlines)) else {
            throw VerificationFailure(description: "mockapi: \(variable)=\(text) is not a URL")
        }
        return RemoteReplayServer(url: url)
    }

    /// The base URL that answers from this cassette alone, with its own queues.
    public func baseURL(for cassette: String) -> URL { url.appendingScope(cassette) }

    /// Every kept request (admin calls excluded), optionally only those of a cassette, oldest first.
    public func requests(cassette: String? = nil) async throws -> [JournalEntry] {
        let journal = try await get("journal", cassette: cassette)
        return try (journal["requests"]?.arrayValue ?? []).map { try JournalEntry(json: $0) }.filter {
            if case .admin = $0.outcome { return false }
            return true
        }
    }

    /// The server's journal entries that fit `pattern` (`"GET /repos/*/issues"`), oldest first; of one cassette's scope
    /// when `cassette` is given.
    public func requests(matching pattern: RequestPattern, cassette: String? = nil) async throws -> [JournalEntry] {
        try await requests(cassette: cassette).filter(pattern.matches)
    }

    /// The requests that matched nothing, with their near-miss reports.
    public func unmatched(cassette: String? = nil) async throws -> [UnmatchedReport] {
        let answer = try await get("unmatched", cassette: cassette)
        return try (answer["requests"]?.arrayValue ?? []).map { try JournalEntry(json: $0) }.compactMap {
            if case .unmatched(let report) = $0.outcome { return report }
            return nil
        }
    }

    /// Recorded interactions no request used, with their requests (`GET /path`).
    public func unused(cassette: String? = nil) async throws -> [(reference: InteractionReference, request: String)] {
        let answer = try await get("unused", cassette: cassette)
        return (answer["interactions"]?.arrayValue ?? []).compactMap { item in
            guard let name = item["cassette"]?.stringValue, case .number(let index)? = item["index"],
                let position = Int(index)
            else { return nil }
            return (InteractionReference(cassette: name, index: position), item["request"]?.stringValue ?? "")
        }
    }

    /// Starts queues again from their first recorded answer: all of them, or one cassette's. The journal is kept.
    public func reset(cassette: String? = nil) async throws {
        _ = try await send("POST", "reset", cassette: cassette, scope: "positions")
    }

    /// Asks the server to read changed cassette files again; the answer says what changed and what failed.
    public func reload() async throws -> JSONValue {
        try await send("POST", "reload", cassette: nil, accepting: [200, 422])
    }

    /// Throws a ``VerificationFailure`` listing the recorded interactions (of `cassette`, or all) no request used.
    public func assertAllUsed(cassette: String? = nil) async throws {
        try Verification.allUsed(try await unused(cassette: cassette), cassette: cassette)
    }

    /// Throws a ``VerificationFailure`` with each near-miss report when requests (to `cassette`'s scope, or any) matched
    /// no recording.
    public func assertNoUnmatched(cassette: String? = nil) async throws {
        try Verification.noUnmatched(try await unmatched(cassette: cassette), cassette: cassette)
    }

    private func get(_ endpoint: String, cassette: String?) async throws -> JSONValue {
        try await send("GET", endpoint, cassette: cassette)
    }

    private func send(_ method: String, _ endpoint: String, cassette: String?, scope: String? = nil,
                      accepting: Set<Int> = [200]) async throws -> JSONValue
    {
        var components = URLComponents(url: url, resolvingAgainstBaseURL: false)
        components?.path = AdminResponder.prefix + "/" + endpoint
        var query = scope.map { ["scope=" + $0] } ?? []
        if let cassette {
            var allowed = CharacterSet.alphanumerics
            allowed.insert(charactersIn: "-._~/")
            query.append("cassette=" + (cassette.addingPercentEncoding(withAllowedCharacters: allowed) ?? cassette))
        }
        if !query.isEmpty { components?.percentEncodedQuery = query.joined(separator: "&") }
        guard let target = components?.url else {
            throw VerificationFailure(description: "mockapi: cannot build the admin URL for \(endpoint) from \(url)")
        }
        var request = URLRequest(url: target)
        request.httpMethod = method
        let (data, response) = try await session.data(for: request)
        let status = (response as? HTTPURLResponse)?.statusCode ?? 0
        let json = try? JSONValue.parse(Array(data))
        guard accepting.contains(status), let json else {
            let text = String(decoding: data, as: UTF8.self)
            throw VerificationFailure(description: "mockapi: \(method) \(target) answered \(status): \(text)")
        }
        return json
    }
}
