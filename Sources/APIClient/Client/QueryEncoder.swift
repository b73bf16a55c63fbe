import Foundation

/// Turns query items into the percent-encoded query string of a URL (without the `?`).
///
/// Replace the client's encoder when an API wants a different spelling; the default matches GitHub's recorded
/// traffic: `q=sesame%20repo%3Aoctokit-fixture-org%2Fsearch-issues`.
public protocol QueryEncoder: Sendable {
    /// The query string for `items`, in their order, without the `?`.
    func encode(_ items: [URLQueryItem]) -> String
}

/// Encodes every character outside RFC 3986's unreserved set (`A–Z a–z 0–9 - . _ ~`), items in the given order.
/// An item without a value is written as its bare name.
public struct PercentQueryEncoder: QueryEncoder {
    /// How a space is written.
    public enum SpaceEncoding: Sendable, Hashable {
        /// `%20`, as GitHub's own clients send it.
        case percent20
        /// `+`, as HTML forms send it (`application/x-www-form-urlencoded`). A literal `+` is always `%2B`.
        case plus
    }

    /// How a space is sent: `%20` (the default) or `+`.
    public var spaces: SpaceEncoding

    /// An encoder that sends spaces as `spaces` says.
    public init(spaces: SpaceEncoding = .percent20) {
        self.spaces = spaces
    }

    private static let unreserved = CharacterSet(
        charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")

    /// `name=value` pairs joined with `&`, every character but the unreserved ones percent-encoded.
    public func encode(_ items: [URLQueryItem]) -> String {
        items.map { item in
            let name = escape(item.name)
            return item.value.map { "\(name)=\(escape($0))" } ?? name
        }.joined(separator: "&")
    }

    private func escape(_ text: String) -> String {
        let encoded = text.addingPercentEncoding(withAllowedCharacters: Self.unreserved) ?? text
        return spaces == .plus ? encoded.replacingOccurrences(of: "%20", with: "+") : encoded
    }
}
