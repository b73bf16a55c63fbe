import Foundation
import HTTPTypes

extension HTTPFields {
    /// The first value of the field called `name` (any case); nil when there is none.
    func first(named name: String) -> String? {
        HTTPField.Name(name).flatMap { self[$0] }
    }

    /// These fields with every name that `other` has replaced by `other`'s fields of that name.
    func merging(_ other: HTTPFields) -> HTTPFields {
        let replaced = Set(other.map(\.name))
        var merged = self
        merged.removeAll { replaced.contains($0.name) }
        merged.append(contentsOf: other)
        return merged
    }
}

extension HTTPRequest.Method {
    /// Whether repeating the request has the same effect as sending it once (RFC 9110 §9.2.2).
    /// Retries after server errors and transport failures are only automatic for idempotent methods.
    var isIdempotent: Bool {
        switch self {
        case .get, .head, .options, .trace, .put, .delete: true
        default: false
        }
    }
}

extension HTTPResponse {
    /// The links of the `Link` header by relation (`next`, `last`, …), resolved against `url`.
    func links(relativeTo url: URL?) -> [String: URL] {
        guard let name = HTTPField.Name("Link") else { return [:] }
        return LinkHeader.parse(headerFields[values: name], relativeTo: url)
    }

    /// The `Total-Count` header (Qiita and others), when present and numeric.
    var totalCount: Int? {
        headerFields.first(named: "Total-Count").flatMap { Int($0.trimmingCharacters(in: .whitespaces)) }
    }
}
