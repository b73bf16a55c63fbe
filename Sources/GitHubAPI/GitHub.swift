import APIClient
import Foundation

/// GitHub's REST API: models (`GitHub.User`, `GitHub.Issue`, …) and endpoints (`GitHub.GetUser`, …).
/// Use them through `GitHubClient`, or send the endpoints with any `RESTClient`.
public enum GitHub {
    /// `https://api.github.com`
    public static let defaultBaseURL: URL = {
        guard let url = URL(string: "https://api.github.com") else {
            preconditionFailure("The literal GitHub base URL is valid.")
        }
        return url
    }()

    /// The REST API version this library is written against, sent as `X-GitHub-Api-Version`.
    public static let apiVersion = "2022-11-28"

    /// The headers GitHub asks clients to send: a User-Agent, its media type, and the API version.
    public static func defaultHeaders(userAgent: String = "mockapi-GitHubAPI/1") -> HTTPFields {
        [.userAgent: userAgent, .accept: "application/vnd.github+json", apiVersionField: apiVersion]
    }

    /// `X-GitHub-Api-Version`.
    static let apiVersionField: HTTPField.Name = {
        guard let name = HTTPField.Name("X-GitHub-Api-Version") else {
            preconditionFailure("The literal field name is valid.")
        }
        return name
    }()

    /// A client configuration for GitHub: its headers, its error document, and the token (if any) as a Bearer token.
    public static func configuration(baseURL: URL = defaultBaseURL, token: String? = nil) -> ClientConfiguration {
        ClientConfiguration(
            baseURL: baseURL,
            defaultHeaders: defaultHeaders(),
            auth: token.map { TokenAuth(token: $0) },
            errorBodyDecoder: .json(GitHub.ErrorBody.self))
    }
}
