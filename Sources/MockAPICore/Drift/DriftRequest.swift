/// The request `mockapi drift` sends again for a recorded one: same method, path, query, headers and body, to the
/// recorded upstream or the one `--upstream` names, with credentials from `--header` instead of the placeholders
/// redaction left, and without cache validators (`If-None-Match`), so the answer is a full one.
package struct DriftRequest: Sendable, Equatable {
    /// The upstream it goes to (`https://api.github.com`); rate limits are kept per upstream.
    package let upstream: String
    package let request: UpstreamRequest

    /// Conditional-request headers that are not sent again.
    static let cacheValidators: Set<String> = ["if-none-match", "if-modified-since"]

    /// Why a recorded request cannot be sent.
    package struct Unsendable: Error, Sendable, Equatable, CustomStringConvertible {
        package let description: String
    }

    /// - Parameters:
    ///   - overrides: `--upstream` routes: the one mounted where the interaction was recorded (`/qiita`), else the one
    ///     at `/`, replaces the recorded upstream.
    ///   - extraHeaders: `--header` fields; each one bound to this request's upstream (or to none) replaces the recorded
    ///     fields of its name.
    package init(for interaction: Interaction, overrides: [UpstreamRoute], extraHeaders: [UpstreamHeader]) throws(Unsendable) {
        guard let upstream = DriftRequest.upstream(of: interaction, overrides: overrides) else {
            throw Unsendable(description: "no upstream recorded for it; give one with --upstream URL")
        }
        let recorded = interaction.request
        let extraHeaders = HTTPHeaders(extraHeaders.filter { $0.applies(to: upstream) }.map { .init($0.name, $0.value) })
        var headers = HTTPHeaders()
        for field in ProxyHeaders.forwarded(recorded.headers) {
            // A scrubbed credential would only be refused; --header brings the real one. A cache validator (an ETag) is
            // a value: with it, the answer would be a 304 or not as the data changed, not as the API did.
            guard !RedactionMarker.containsPlaceholder(field.value), !extraHeaders.contains(field.name),
                  !DriftRequest.cacheValidators.contains(field.name.lowercased()) else { continue }
            headers.append(field.name, field.value)
        }
        headers.fields += extraHeaders.fields
        var query = recorded.query
        if let recordedQuery = recorded.query, !recordedQuery.isEmpty {
            let kept = DriftRequest.withoutPlaceholders(recordedQuery)
            query = kept.isEmpty ? nil : kept
        }
        let sendsBody = !recorded.body.isEmpty || ["POST", "PUT", "PATCH"].contains(recorded.method.uppercased())
        self.upstream = upstream
        self.request = UpstreamRequest(
            method: recorded.method, url: upstream + recorded.path + (query.map { "?" + $0 } ?? ""), headers: headers,
            body: sendsBody ? recorded.body.bytes : nil)
    }

    /// The upstream a recorded request is sent to: `--upstream`'s, else its own; nil when it has none.
    package static func upstream(of interaction: Interaction, overrides: [UpstreamRoute]) -> String? {
        let mount = interaction.mount ?? "/"
        let override = overrides.first { $0.mount == mount } ?? overrides.first { $0.mount == "/" }
        return override?.upstream ?? interaction.upstream
    }

    /// The query without parameters whose value is a redaction placeholder (`access_token=%3Credacted%3E`): sending
    /// them would only be refused.
    static func withoutPlaceholders(_ query: String) -> String {
        let kept = query.split(separator: "&", omittingEmptySubsequences: false).filter { pair in
            guard let equals = pair.firstIndex(of: "=") else { return true }
            let value = PercentDecoding.decode(pair[pair.index(after: equals)...], plusIsSpace: true)
            return !RedactionMarker.containsPlaceholder(value)
        }
        return kept.joined(separator: "&")
    }
}
