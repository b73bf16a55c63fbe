/// A header field that `mockapi drift` adds to the requests it sends (a credential, most often), replacing the recorded
/// fields of its name: only to those that go to the upstream it is bound to, or, unbound, to every request. A
/// credential must never reach a host it was not meant for.
package struct UpstreamHeader: Sendable, Equatable {
    /// The origin of the upstream it is for (`https://api.github.com`), or nil for every upstream.
    package let origin: String?
    package let name: String
    package let value: String

    /// - Parameter upstream: the upstream URL it is for (only its origin counts), or nil for every upstream.
    package init(_ name: String, _ value: String, for upstream: String? = nil) {
        self.origin = upstream.map(UpstreamHeader.origin(of:))
        self.name = name
        self.value = value
    }

    /// Whether a request to `upstream` carries it.
    package func applies(to upstream: String) -> Bool {
        origin.map { $0 == UpstreamHeader.origin(of: upstream) } ?? true
    }

    /// `https://api.github.com` for `https://API.github.com:443/api/v3`: scheme and host in lower case, the port only
    /// when it is not the scheme's own.
    package static func origin(of url: String) -> String {
        let lowered = url.lowercased()
        guard let colon = lowered.firstIndex(of: ":"), lowered[colon...].hasPrefix("://") else { return lowered }
        let scheme = String(lowered[..<colon])
        let rest = lowered[lowered.index(colon, offsetBy: 3)...]
        var authority = String(rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" })
        if let at = authority.lastIndex(of: "@") { authority = String(authority[authority.index(after: at)...]) }
        let defaultPort = scheme == "https" ? ":443" : scheme == "http" ? ":80" : nil
        if let defaultPort, authority.hasSuffix(defaultPort) { authority.removeLast(defaultPort.count) }
        return scheme + "://" + authority
    }
}
