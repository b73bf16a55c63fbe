import APIClient
import Foundation

/// Qiita API v2: models (`Qiita.Item`, `Qiita.User`, …) and endpoints (`Qiita.GetItem`, …).
/// Use them through `QiitaClient`, or send the endpoints with any `RESTClient`.
///
/// Qiita's rules: 200 for GET and PATCH, 201 for POST, 204 without a body for PUT and DELETE; lists page with
/// `page`/`per_page` and answer with `Link` and `Total-Count`; errors are `{"message": …, "type": …}`.
public enum Qiita {
    /// `https://qiita.com/api/v2`: endpoint paths are appended after `/api/v2`.
    public static let defaultBaseURL: URL = {
        guard let url = URL(string: "https://qiita.com/api/v2") else {
            preconditionFailure("The literal Qiita base URL is valid.")
        }
        return url
    }()

    public static func defaultHeaders(userAgent: String = "mockapi-QiitaAPI/1") -> HTTPFields {
        [.userAgent: userAgent, .accept: "application/json"]
    }

    /// A client configuration for Qiita: its headers, its error document, and the access token (if any).
    public static func configuration(baseURL: URL = defaultBaseURL, token: String? = nil) -> ClientConfiguration {
        ClientConfiguration(
            baseURL: baseURL,
            defaultHeaders: defaultHeaders(),
            auth: token.map { TokenAuth(token: $0) },
            errorBodyDecoder: .json(Qiita.ErrorBody.self))
    }
}
