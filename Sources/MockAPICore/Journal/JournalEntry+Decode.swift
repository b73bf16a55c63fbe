import MockAPIJSON
import Glibc

/// Reading the JSON forms back (`GET /__mockapi/journal` of a server in another process), so that tests see the same
/// values whether the server runs in their process or not.
package struct JournalDecodingError: Error, Sendable, CustomStringConvertible {
    package let description: String
}

extension JournalEntry {
    package init(json: JSONValue) throws(JournalDecodingError) {
        func string(_ name: String) throws(JournalDecodingError) -> String {
            guard let value = json[name]?.stringValue else {
                throw JournalDecodingError(description: "journal entry: \"\(name)\" missing or not a string in \(json)")
            }
            return value
        }
        func integer(_ name: String) throws(JournalDecodingError) -> Int {
            guard case .number(let text)? = json[name], let value = Int(text) else {
                throw JournalDecodingError(description: "journal entry: \"\(name)\" missing or not an integer in \(json)")
            }
            return value
        }
        let outcome: Outcome
        switch try string("outcome") {
        case "matched": outcome = .matched(cassette: try string("cassette"), index: try integer("index"))
        case "recorded": outcome = .recorded(cassette: try string("cassette"), index: try integer("index"))
        case "admin": outcome = .admin
        case "failed": outcome = .failed(json["error"]?.stringValue ?? "")
        case "fault": outcome = .fault(try string("fault"))
        case "unmatched":
            guard let report = json["unmatched"] else {
                throw JournalDecodingError(description: "journal entry: an unmatched entry without \"unmatched\" in \(json)")
            }
            outcome = .unmatched(try UnmatchedReport(json: report))
        case let other:
            throw JournalDecodingError(description: "journal entry: unknown outcome \"\(other)\"")
        }
        self.init(
            sequence: try integer("sequence"), time: JournalEntry.seconds(fromISO8601: try string("time")) ?? 0,
            method: try string("method"), path: try string("path"), query: json["query"]?.stringValue,
            operation: json["operation"]?.stringValue,
            matchedAs: json["matchedAs"]?.stringValue.flatMap(JournalEntry.MatchKind.init(rawValue:)),
            status: try integer("status"), outcome: outcome, scope: json["scope"]?.stringValue,
            headersNotSent: json["headersNotSent"]?.arrayValue?.compactMap(\.stringValue) ?? [],
            stream: try json["stream"].map { value throws(JournalDecodingError) in try StreamSummary(json: value) },
            webSocket: try json["webSocket"].map { value throws(JournalDecodingError) in try ConversationSummary(json: value) })
    }

    /// The inverse of ``iso8601(_:)``: `2026-11-21T10:00:00.123Z` as seconds since 1970.
    static func seconds(fromISO8601 text: String) -> Double? {
        let digits = text.split(whereSeparator: { !$0.isNumber }).compactMap { Int($0) }
        guard digits.count >= 6 else { return nil }
        var parts = tm()
        parts.tm_year = Int32(digits[0] - 1900)
        parts.tm_mon = Int32(digits[1] - 1)
        parts.tm_mday = Int32(digits[2])
        parts.tm_hour = Int32(digits[3])
        parts.tm_min = Int32(digits[4])
        parts.tm_sec = Int32(digits[5])
        let millis = digits.count > 6 ? Double(digits[6]) / 1000 : 0
        return Double(timegm(&parts)) + millis
    }
}

extension StreamSummary {
    /// Reads the `stream` member of a journal entry.
    package init(json: JSONValue) throws(JournalDecodingError) {
        func integer(_ value: JSONValue?, _ name: String) throws(JournalDecodingError) -> Int {
            guard case .number(let text)? = value, let number = Int(text) else {
                throw JournalDecodingError(description: "journal entry: stream \"\(name)\" missing or not an integer in \(json)")
            }
            return number
        }
        var departure: Departure?
        if let away = json["clientWentAway"] {
            departure = Departure(
                afterChunks: try integer(away["afterChunks"], "clientWentAway.afterChunks"),
                atMs: try integer(away["atMs"], "clientWentAway.atMs"))
        }
        self.init(
            chunks: try integer(json["chunks"], "chunks"), durationMs: try integer(json["durationMs"], "durationMs"),
            clientWentAway: departure)
    }
}

extension UnmatchedReport {
    /// Reads the body of an unmatched answer (or the `unmatched` member of a journal entry).
    package init(json: JSONValue) throws(JournalDecodingError) {
        guard let request = json["request"], let method = request["method"]?.stringValue,
            let path = request["path"]?.stringValue
        else {
            throw JournalDecodingError(description: "unmatched report: no request method and path in \(json)")
        }
        let error = json["error"]?.stringValue ?? ""
        // The error reads "mockapi: <reason>: <method> <target>".
        let reason = UnmatchedReport.reason(in: error, method: method)
        let nearest = (json["nearest"]?.arrayValue ?? []).compactMap { miss -> NearMiss? in
            guard let cassette = miss["cassette"]?.stringValue, case .number(let index)? = miss["index"],
                let position = Int(index), let request = miss["request"]?.stringValue
            else { return nil }
            let differences = (miss["differences"]?.arrayValue ?? []).compactMap(\.stringValue)
            return NearMiss(cassette: cassette, index: position, request: request, differences: differences, distance: 0)
        }
        self.init(
            method: method, path: path, query: request["query"]?.stringValue, operation: request["operation"]?.stringValue,
            reason: reason, nearest: nearest, matchRules: (json["matchRules"]?.arrayValue ?? []).compactMap(\.stringValue),
            webSocketMessage: request["webSocketMessage"].flatMap { value -> Int? in
                guard case .number(let text) = value else { return nil }
                return Int(text)
            })
    }

    /// The reason in "mockapi: <reason>: <method> <target>": between the prefix and the last ": <method> ".
    static func reason(in error: String, method: String) -> String {
        var bytes = Array(error.utf8)
        let prefix = Array("mockapi: ".utf8)
        if bytes.starts(with: prefix) { bytes.removeFirst(prefix.count) }
        let marker = Array(": \(method) ".utf8)
        if bytes.count >= marker.count {
            for start in stride(from: bytes.count - marker.count, through: 0, by: -1)
            where bytes[start..<(start + marker.count)].elementsEqual(marker) {
                return String(decoding: bytes[..<start], as: UTF8.self)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
