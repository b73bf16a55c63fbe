/// Response headers whose values change with every request while the answer does not: the date, request ids,
/// rate-limit counters, timings. Re-recording ignores them when it decides whether an answer changed, and
/// `mockapi diff` never reports them.
///
/// `ETag` and `Last-Modified` are not volatile: GitHub and Qiita derive them from the body and the resource's update
/// time, so they move only when the answer does, and clients send them back in conditional requests. A cassette whose
/// API says otherwise lists them in its `volatileHeaders`.
package struct VolatileHeaders: Sendable, Equatable {
    /// Lower-case names that are volatile whatever the cassette says.
    package static let builtInNames: [String] = [
        "date", "age", "expires", "x-github-request-id", "x-request-id", "request-id", "x-amzn-requestid",
        "x-amz-request-id", "x-amz-cf-id", "x-cloud-trace-context", "x-trace-id", "traceparent", "cf-ray",
        "x-served-by", "x-cache", "x-cache-hits", "x-timer", "server-timing", "x-runtime", "x-response-time",
        "retry-after", "report-to", "nel",
    ]
    /// Lower-case prefixes of volatile names: rate-limit counters (GitHub's `X-RateLimit-Remaining`, the IETF draft's
    /// `RateLimit-Reset`, Qiita's `Rate-Remaining`).
    package static let builtInPrefixes: [String] = ["x-ratelimit-", "ratelimit-", "rate-"]
    /// Qiita's `Rate-Limit`, the IETF draft's `RateLimit` and `RateLimit-Policy` fields, named exactly.
    package static let builtInRateNames: [String] = ["ratelimit", "x-ratelimit"]

    /// Lower-case names added by the cassette's `volatileHeaders` and `--volatile-header`.
    package let extraNames: Set<String>

    /// The built-in names and `extra` (any case).
    package init(adding extra: [String] = []) {
        extraNames = Set(extra.map { $0.lowercased() })
    }

    /// The built-in list: what ``init(adding:)`` starts from.
    package static let builtIn = VolatileHeaders()

    /// These and the cassette's own `volatileHeaders`.
    package func adding(_ names: [String]) -> VolatileHeaders {
        VolatileHeaders(adding: Array(extraNames) + names)
    }

    /// Whether a header of this name (any case) is volatile.
    package func contains(_ name: String) -> Bool {
        let lower = name.lowercased()
        if extraNames.contains(lower) || VolatileHeaders.builtInNames.contains(lower)
            || VolatileHeaders.builtInRateNames.contains(lower)
        {
            return true
        }
        return VolatileHeaders.builtInPrefixes.contains { lower.hasPrefix($0) }
    }

    /// The fields that are not volatile, in order, names lower-cased: what two answers are compared by.
    package func stable(_ headers: HTTPHeaders) -> [HTTPHeaders.Field] {
        headers.fields.compactMap { contains($0.name) ? nil : HTTPHeaders.Field($0.name.lowercased(), $0.value) }
    }
}
