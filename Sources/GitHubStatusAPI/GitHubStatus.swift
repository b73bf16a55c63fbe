import APIClient
import Foundation

/// GitHub's status page (www.githubstatus.com, Atlassian Statuspage's public API v2): its endpoints as one enum
/// (`GitHubStatus.Endpoint`) and its models (`Status`, `Summary`, `Component`, `Incident`, …).
/// Use them through `GitHubStatusClient`, or send `Endpoint.request(_:)` with any `RESTClient`.
public enum GitHubStatus {
    /// `https://www.githubstatus.com`
    public static let defaultBaseURL: URL = {
        guard let url = URL(string: "https://www.githubstatus.com") else {
            preconditionFailure("The literal GitHub Status base URL is valid.")
        }
        return url
    }()

    /// A client configuration for the status page: JSON headers, no credentials (the API is public).
    public static func configuration(baseURL: URL = defaultBaseURL) -> ClientConfiguration {
        ClientConfiguration(
            baseURL: baseURL,
            defaultHeaders: ClientConfiguration.standardHeaders(userAgent: "mockapi-GitHubStatusAPI/1"))
    }

    /// The decoder of every answer: snake_case keys, and ISO 8601 dates with or without fractional seconds
    /// (`2014-05-14T14:22:39.441-06:00`, `2022-09-05T08:07:25Z`), as Statuspage writes both.
    static func makeDecoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        decoder.dateDecodingStrategy = .custom { decoder in
            let container = try decoder.singleValueContainer()
            let text = try container.decode(String.self)
            let formatter = ISO8601DateFormatter()
            formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
            if let date = formatter.date(from: text) { return date }
            formatter.formatOptions = [.withInternetDateTime]
            if let date = formatter.date(from: text) { return date }
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "'\(text)' is not an ISO 8601 date and time")
        }
        return decoder
    }
}
