/// One upstream and the local path prefix it is served under.
public struct UpstreamRoute: Sendable, Equatable, CustomStringConvertible {
    /// `/` or a prefix without a trailing slash, such as `/qiita`.
    public let mount: String
    /// `https://api.github.com`, or with a base path (`https://ghe.example.com/api/v3`); no trailing slash.
    public let upstream: String

    /// Requests under `mount` go to `upstream`; both as their properties describe them.
    public init(mount: String, upstream: String) {
        self.mount = mount
        self.upstream = upstream
    }

    /// Reads `URL` (mounted at `/`) or `/prefix=URL`, as `--upstream` takes them.
    public init(parsing argument: String) throws(RouteError) {
        var mount = "/"
        var url = argument
        if argument.hasPrefix("/") {
            guard let equals = argument.firstIndex(of: "=") else {
                throw RouteError(argument: argument, reason: "expected /prefix=URL, as in /qiita=https://qiita.com")
            }
            mount = String(argument[..<equals])
            url = String(argument[argument.index(after: equals)...])
        }
        while mount.count > 1, mount.hasSuffix("/") { mount.removeLast() }
        guard !mount.contains("?"), !mount.contains("#"), !mount.contains(" ") else {
            throw RouteError(argument: argument, reason: "the prefix \(mount) must be a plain path such as /qiita")
        }
        while url.hasSuffix("/") { url.removeLast() }
        let lower = url.lowercased()
        guard lower.hasPrefix("http://") || lower.hasPrefix("https://") else {
            throw RouteError(argument: argument, reason: "expected an http:// or https:// URL, as in https://api.github.com")
        }
        let afterScheme = url.drop { $0 != ":" }.dropFirst(3)
        let authority = afterScheme.prefix { $0 != "/" }
        guard !authority.isEmpty else { throw RouteError(argument: argument, reason: "the URL has no host") }
        guard !authority.contains("@") else {
            throw RouteError(
                argument: argument,
                reason: "the URL holds credentials (user:password@); pass them as a header from the client instead, so they are scrubbed")
        }
        guard !url.contains("?"), !url.contains("#"), !url.contains(" ") else {
            throw RouteError(argument: argument, reason: "the URL must not have a query, a fragment or spaces")
        }
        self.init(mount: mount, upstream: url)
    }

    /// As `--upstream` takes it: `https://api.github.com`, or `/qiita=https://qiita.com`.
    public var description: String { mount == "/" ? upstream : "\(mount)=\(upstream)" }
}

/// Why an `--upstream` argument cannot be used.
public struct RouteError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The argument as given.
    public let argument: String
    /// What is wrong with it.
    public let reason: String

    /// `ARGUMENT: reason`.
    public var description: String { "\(argument): \(reason)" }
}

/// Picks the upstream for a request path: the longest mount that is the path or a whole-segment prefix of it, so
/// `/qiita/api/v2/items` goes to `/qiita` and `/qiitax` to `/`.
package struct UpstreamRoutes: Sendable, Equatable {
    /// Longest mount first.
    package let routes: [UpstreamRoute]

    package init(_ routes: [UpstreamRoute]) throws(RouteError) {
        var seen: Set<String> = []
        for route in routes where !seen.insert(route.mount).inserted {
            throw RouteError(argument: route.description, reason: "another upstream is already mounted at \(route.mount)")
        }
        self.routes = routes.sorted { $0.mount.count > $1.mount.count }
    }

    /// The route for a client's path, and the path to send upstream (the client's path without the mount).
    package func route(for path: String) -> (route: UpstreamRoute, upstreamPath: String)? {
        for route in routes {
            if route.mount == "/" { return (route, path) }
            guard path.hasPrefix(route.mount) else { continue }
            let rest = path.dropFirst(route.mount.count)
            if rest.isEmpty { return (route, "/") }
            if rest.hasPrefix("/") { return (route, String(rest)) }
        }
        return nil
    }

    package var mounts: [String] { routes.map(\.mount) }
}
