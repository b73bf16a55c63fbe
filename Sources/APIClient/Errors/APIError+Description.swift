import Foundation
import HTTPTypes
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension APIError: LocalizedError {
    /// The same line as `description`, so `localizedDescription` (what UI and logs usually show) says what, where
    /// and why too.
    public var errorDescription: String? { description }

    /// One line a person can act on: the method, the URL and what went wrong.
    public var description: String {
        switch self {
        case .invalidURL(let request, let reason):
            "\(request): invalid URL: \(reason)"
        case .encodingFailed(let request, let underlying):
            "\(request): cannot encode the request body: \(Self.describe(underlying))"
        case .authenticationFailed(let request, let underlying):
            "\(request): authentication failed: \(Self.describe(underlying))"
        case .transport(let request, let underlying):
            "\(request): no response: \(Self.describe(underlying))"
        case .unexpectedStatus(let request, let response, let body, let errorBody):
            "\(request): unexpected status \(response.status.code)"
                + (errorBody.map { ": \($0)" } ?? Self.preview(body).map { ": \($0)" } ?? "")
        case .decodingFailed(let request, let response, let body, let underlying):
            "\(request): cannot decode the \(response.status.code) response (\(body.count) bytes): "
                + Self.describe(underlying)
        case .cancelled(let request):
            "\(request): cancelled"
        case .graphQL(let request, _, _, let errors):
            "\(request): GraphQL error\(errors.count == 1 ? "" : "s"): " + errors.map(\.description).joined(separator: "; ")
        }
    }

    /// The start of a body that is text, on one line, for error messages.
    static func preview(_ body: Data, limit: Int = 200) -> String? {
        guard !body.isEmpty, let text = String(data: body, encoding: .utf8) else { return nil }
        let line = text.split(whereSeparator: \.isNewline).joined(separator: " ")
        return line.count > limit ? String(line.prefix(limit)) + "…" : line
    }

    /// A short reading of common underlying errors; `DecodingError`'s own description is a wall of text.
    static func describe(_ error: any Error) -> String {
        switch error {
        case let error as DecodingError:
            describe(error)
        case let error as URLError:
            "\(error.localizedDescription) (URLError \(error.code.rawValue))"
        default:
            String(describing: error)
        }
    }

    private static func describe(_ error: DecodingError) -> String {
        func path(_ context: DecodingError.Context) -> String {
            let keys = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
            return keys.isEmpty ? "the top level" : String(keys.drop { $0 == "." })
        }
        switch error {
        case .keyNotFound(let key, let context):
            let parent = context.codingPath.isEmpty ? "" : " in \(path(context))"
            return "missing key '\(key.stringValue)'\(parent)"
        case .valueNotFound(let type, let context):
            return "expected \(type) but found null at \(path(context))"
        case .typeMismatch(let type, let context):
            return "expected \(type) at \(path(context)): \(context.debugDescription)"
        case .dataCorrupted(let context):
            let underlying = context.underlyingError.map { " (\($0))" } ?? ""
            return "corrupted data at \(path(context)): \(context.debugDescription)\(underlying)"
        @unknown default:
            return String(describing: error)
        }
    }
}
