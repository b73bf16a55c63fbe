import Foundation
import MockAPICore

/// Why a verification failed: one line per finding, with what a person needs to fix the test or the cassette.
public struct VerificationFailure: Error, CustomStringConvertible, Sendable {
    /// The findings, one per line.
    public let description: String
}

/// The checks behind `assertAllUsed()` and `assertNoUnmatched()`, shared by the in-process and the remote server.
enum Verification {
    static func unmatched(in entries: [JournalEntry]) -> [UnmatchedReport] {
        entries.compactMap {
            if case .unmatched(let report) = $0.outcome { return report }
            return nil
        }
    }

    static func allUsed(_ unused: [(reference: InteractionReference, request: String)], cassette: String?) throws(VerificationFailure) {
        guard !unused.isEmpty else { return }
        let whose = cassette.map { " of \($0)" } ?? ""
        var lines = ["mockapi: \(unused.count) recorded interaction\(unused.count == 1 ? "" : "s")\(whose) never used:"]
        for (reference, request) in unused.prefix(50) { lines.append("  \(reference.cassette)[\(reference.index)] \(request)") }
        if unused.count > 50 { lines.append("  … \(unused.count - 50) more") }
        throw VerificationFailure(description: lines.joined(separator: "\n"))
    }

    static func noUnmatched(_ reports: [UnmatchedReport], cassette: String?) throws(VerificationFailure) {
        guard !reports.isEmpty else { return }
        let whose = cassette.map { " through /@\($0)" } ?? ""
        var lines = ["mockapi: \(reports.count) request\(reports.count == 1 ? "" : "s")\(whose) matched no recording:"]
        for report in reports.prefix(50) { lines += report.lines(indent: "  ") }
        if reports.count > 50 { lines.append("  … \(reports.count - 50) more") }
        throw VerificationFailure(description: lines.joined(separator: "\n"))
    }
}

/// Which journaled requests to pick: `"GET /repos/*/issues"`, `"/search/issues?q=*"`, `"POST *"`.
///
/// An optional method, then a path pattern where `*` stands for any run of characters (`/` included). The pattern is
/// compared with the path as sent (percent-encoded, and for a scoped request the path after the cassette name),
/// and with the query too when it contains `?`.
public struct RequestPattern: Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// The method to match (upper case; `*` for any), or nil for any.
    public let method: String?
    /// The path to match, `*` standing for any run of characters (`/` included); with the query when it contains `?`.
    public let target: String

    /// A pattern from `"METHOD TARGET"` or `"TARGET"` alone (any method): `"GET /repos/*/issues"`.
    public init(_ text: String) {
        let parts = text.split(separator: " ", maxSplits: 1)
        if parts.count == 2 {
            method = parts[0].uppercased()
            target = String(parts[1])
        } else {
            method = nil
            target = text
        }
    }

    /// A pattern from a string literal, as ``init(_:)`` reads it.
    public init(stringLiteral value: String) {
        self.init(value)
    }

    /// The pattern as written.
    public var description: String { (method.map { $0 + " " } ?? "") + target }

    /// Whether `entry`'s method and path (and query, when the pattern has one) fit the pattern.
    public func matches(_ entry: JournalEntry) -> Bool {
        if let method, method != "*", entry.method.uppercased() != method { return false }
        let subject = target.contains("?") ? entry.path + (entry.query.map { "?" + $0 } ?? "") : entry.path
        return RequestPattern.glob(Array(target.utf8)[...], Array(subject.utf8)[...])
    }

    /// `*` matches any run of bytes; everything else matches itself.
    static func glob(_ pattern: ArraySlice<UInt8>, _ text: ArraySlice<UInt8>) -> Bool {
        guard let first = pattern.first else { return text.isEmpty }
        if first == UInt8(ascii: "*") {
            let rest = pattern.dropFirst()
            var suffix = text
            while true {
                if glob(rest, suffix) { return true }
                guard !suffix.isEmpty else { return false }
                suffix = suffix.dropFirst()
            }
        }
        guard let head = text.first, head == first else { return false }
        return glob(pattern.dropFirst(), text.dropFirst())
    }
}

extension URL {
    /// This base URL followed by `/@` and the cassette name, percent-encoded as the server expects.
    func appendingScope(_ cassette: String) -> URL {
        var text = absoluteString
        while text.hasSuffix("/") { text.removeLast() }
        return URL(string: text + ScopeName.path(for: cassette)) ?? self
    }
}
