import MockAPIJSON
import Glibc

extension JournalEntry {
    package var jsonValue: JSONValue {
        var members: [JSONMember] = [
            JSONMember("sequence", .integer(sequence)),
            JSONMember("time", .string(JournalEntry.iso8601(time))),
            JSONMember("method", .string(method)),
            JSONMember("path", .string(path)),
        ]
        if let query { members.append(JSONMember("query", .string(query))) }
        if let operation { members.append(JSONMember("operation", .string(operation))) }
        if let matchedAs { members.append(JSONMember("matchedAs", .string(matchedAs.rawValue))) }
        if let scope { members.append(JSONMember("scope", .string(scope))) }
        members.append(JSONMember("status", .integer(status)))
        switch outcome {
        case .matched(let cassette, let index):
            members += [JSONMember("outcome", .string("matched")), JSONMember("cassette", .string(cassette)),
                        JSONMember("index", .integer(index))]
        case .recorded(let cassette, let index):
            members += [JSONMember("outcome", .string("recorded")), JSONMember("cassette", .string(cassette)),
                        JSONMember("index", .integer(index))]
        case .unmatched(let report):
            members += [JSONMember("outcome", .string("unmatched")), JSONMember("unmatched", report.jsonValue)]
        case .admin:
            members.append(JSONMember("outcome", .string("admin")))
        case .failed(let reason):
            members += [JSONMember("outcome", .string("failed")), JSONMember("error", .string(reason))]
        case .fault(let kind):
            members += [JSONMember("outcome", .string("fault")), JSONMember("fault", .string(kind))]
        }
        if !headersNotSent.isEmpty {
            members.append(JSONMember("headersNotSent", .array(headersNotSent.map { .string($0) })))
        }
        if let stream { members.append(JSONMember("stream", stream.jsonValue)) }
        if let webSocket { members.append(JSONMember("webSocket", webSocket.jsonValue)) }
        return .object(members)
    }

    /// `2026-11-21T10:00:00.123Z`
    package static func iso8601(_ time: Double) -> String {
        var seconds = time_t(time.rounded(.down))
        let milliseconds = Int((time - Double(seconds)) * 1000)
        var parts = tm()
        gmtime_r(&seconds, &parts)
        func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
        let millis = milliseconds < 10 ? "00\(milliseconds)" : milliseconds < 100 ? "0\(milliseconds)" : "\(milliseconds)"
        return "\(parts.tm_year + 1900)-\(two(parts.tm_mon + 1))-\(two(parts.tm_mday))T\(two(parts.tm_hour)):"
            + "\(two(parts.tm_min)):\(two(parts.tm_sec)).\(millis)Z"
    }
}

extension StreamSummary {
    /// `{"chunks": 21, "durationMs": 748}`, with `"clientWentAway": {"afterChunks": 4, "atMs": 88}` when it did.
    package var jsonValue: JSONValue {
        var members = [JSONMember("chunks", .integer(chunks)), JSONMember("durationMs", .integer(durationMs))]
        if let clientWentAway {
            members.append(JSONMember("clientWentAway", .object([
                JSONMember("afterChunks", .integer(clientWentAway.afterChunks)),
                JSONMember("atMs", .integer(clientWentAway.atMs)),
            ])))
        }
        return .object(members)
    }
}

extension RequestCounts {
    package var jsonValue: JSONValue {
        .object([
            JSONMember("requests", .integer(requests)), JSONMember("matched", .integer(matched)),
            JSONMember("unmatched", .integer(unmatched)), JSONMember("recorded", .integer(recorded)),
            JSONMember("failed", .integer(failed)), JSONMember("faults", .integer(faults)),
            JSONMember("admin", .integer(admin)),
        ])
    }
}

extension JournalEntry {
    /// Every value of ``outcomeName``.
    package static let outcomeNames = ["matched", "unmatched", "recorded", "admin", "failed", "fault"]

    /// `matched`, `unmatched`, `recorded`, `admin`, `failed` or `fault`: the `outcome` member of the JSON form.
    package var outcomeName: String {
        switch outcome {
        case .matched: "matched"
        case .unmatched: "unmatched"
        case .recorded: "recorded"
        case .admin: "admin"
        case .failed: "failed"
        case .fault: "fault"
        }
    }

    /// Whether the request came through the cassette's scoped base URL or was answered from the cassette.
    package func concerns(cassette name: String) -> Bool {
        if scope == name { return true }
        switch outcome {
        case .matched(let cassette, _), .recorded(let cassette, _): return cassette == name
        default: return false
        }
    }
}
