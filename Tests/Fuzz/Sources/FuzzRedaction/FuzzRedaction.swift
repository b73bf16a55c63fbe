import FuzzSupport
@testable import MockAPICore
@testable import MockAPIJSON
#if canImport(Glibc)
import Glibc
#endif

/// Input: line 1 is the value of a secret environment variable (`--redact-env FUZZ_TOKEN`), line 2 a JSON path for
/// `--redact-json-field`, and the rest a cassette. When the rest is not a cassette, its bytes become the body, query and
/// a header of one interaction, so raw bytes get redacted too.
///
/// The cassette is scrubbed as `mockapi record` scrubs (the defaults, credential shapes included). Properties, beyond
/// "no crash, no memory error":
/// - what the redactor produces is saved and loads again (a recorder must never write a cassette that does not load);
/// - a token-like secret (letters, digits, `-_.`, 4 bytes or more) is gone from every path, query, header value and body
///   wherever it stands as a whole value (not inside a longer word, which redaction leaves alone on purpose);
/// - redaction never merges two requests silently: two recorded requests that were different and that replay can no
///   longer tell apart (same key, placeholders learned from the scrubbed cassette) are named in the report's merges,
///   and every merge it names is one;
/// - a JSON body that only JSON field rules changed keeps its text but for the values: the same values in the same
///   places, and every byte between them (layout, member names, escapes) as it was;
/// - every change is named: the method, status and header names stay as they were, and a path, query, header value or
///   body that changed has a change in the report at its place (a replayed answer differs from the recorded one only
///   where the report says so).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRedaction(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    var input = FuzzInput(data, count)
    let secret = input.text()
    let pathRule = input.text()
    let rest = input.remainder()

    var rules = RedactionRules.standard
    var extra = RedactionRules()
    if !secret.isEmpty { extra.literals = [.environment("FUZZ_TOKEN", value: secret)] }
    if let pattern = try? JSONPathPattern(parsing: pathRule) { extra.jsonFields = [pattern] }
    rules = rules.adding(extra)

    var cassette = (try? Cassette(bytes: rest, file: "input.json")) ?? Cassette(interactions: [rawInteraction(rest)])
    // Only what could be on disk is redacted: an interaction built from raw bytes may not be a valid one.
    guard (try? Cassette(bytes: cassette.fileBytes(), file: "input.json")) != nil else { return 0 }
    let original = cassette.interactions
    let report = Redactor(rules: rules).redact(&cassette)
    checkMerges(original: original, scrubbed: cassette.interactions, reported: report.merges)
    checkJSONLayout(original: original, scrubbed: cassette.interactions, changes: report.changes)
    checkEveryChangeNamed(original: original, scrubbed: cassette.interactions, changes: report.changes)

    do { _ = try Cassette(bytes: cassette.fileBytes(), file: "redacted.json") } catch {
        fuzzFailure("the redacted cassette does not load: \(error)")
    }
    // A recorder writes an interaction's log line with its JSON bodies copied from their bytes (CassetteWriter).
    for (position, interaction) in cassette.interactions.enumerated()
    where interaction.compactBytes() != interaction.jsonValue.compactBytes() {
        fuzzFailure("interaction \(position): its log line is not its compact form")
    }
    if isTokenLike(secret) {
        for (position, interaction) in cassette.interactions.enumerated() where contains(secret, interaction) {
            fuzzFailure("the secret is still in interaction \(position) after redaction")
        }
    }
    return 0
}

/// Every pair of requests that was different and that replay now keys alike is reported (by its later interaction),
/// and every reported pair is such a pair. Brute force over all pairs, apart from the redactor's incremental watch.
private func checkMerges(original: [Interaction], scrubbed: [Interaction], reported: [RedactionMerge]) {
    guard scrubbed.count <= 64 else { return }
    var normalizer = RequestNormalizer()
    for interaction in scrubbed { normalizer.learnPlaceholders(from: interaction.request) }
    let before = original.map { RequestNormalizer().key(for: $0.request, path: $0.localPath) }
    let after = scrubbed.map { normalizer.key(for: $0.request, path: $0.localPath) }
    func merged(_ first: Int, _ second: Int) -> Bool { after[first] == after[second] && before[first] != before[second] }
    for second in scrubbed.indices {
        let isMerged = (0..<second).contains { merged($0, second) }
        if isMerged, !reported.contains(where: { $0.second == second }) {
            fuzzFailure("interaction \(second) was made one with an earlier request by scrubbing, and no merge names it")
        }
    }
    for merge in reported where !(merge.first < merge.second && merge.second < scrubbed.count && merged(merge.first, merge.second)) {
        fuzzFailure("a merge is reported that is none: \(merge)")
    }
}

/// Every JSON body whose changes are all JSON field rules' (`json …`) is still JSON with as many values, and the text
/// around its values is the original's byte for byte. Changes by other rules (a literal, an echo, a shape) may stand
/// anywhere in the text, member names included, and are left out.
private func checkJSONLayout(original: [Interaction], scrubbed: [Interaction], changes: [RedactionReport.Change]) {
    for (position, (before, after)) in zip(original, scrubbed).enumerated() {
        for (side, old, new) in [("request", before.request.body, after.request.body), ("response", before.response.body, after.response.body)] {
            let place = "interactions[\(position)] \(side) body"
            let mine = changes.filter { $0.location == place || $0.location.hasPrefix(place + " ") }
            guard !mine.isEmpty, mine.allSatisfy({ $0.rule.hasPrefix("json ") }),
                let oldRanges = JSONValue.scalarRanges(in: old.bytes)
            else { continue }
            guard let newRanges = JSONValue.scalarRanges(in: new.bytes), newRanges.count == oldRanges.count else {
                fuzzFailure("\(place): scrubbing JSON fields did not leave the same JSON values")
            }
            if gaps(old.bytes, oldRanges) != gaps(new.bytes, newRanges) {
                fuzzFailure("\(place): scrubbing JSON fields changed the text between the values (its layout)")
            }
        }
    }
}

/// Redaction changes only values, and every value it changes is in the report at its place.
private func checkEveryChangeNamed(original: [Interaction], scrubbed: [Interaction], changes: [RedactionReport.Change]) {
    let locations = Set(changes.map(\.location))
    for (position, (before, after)) in zip(original, scrubbed).enumerated() {
        let prefix = "interactions[\(position)] "
        func named(_ place: String, orUnder: Bool = false) -> Bool {
            locations.contains(prefix + place) || (orUnder && locations.contains { $0.hasPrefix(prefix + place + " ") })
        }
        if before.request.method != after.request.method || before.response.status != after.response.status {
            fuzzFailure("interactions[\(position)]: redaction changed the method or the status")
        }
        if before.request.path != after.request.path, !named("request path") {
            fuzzFailure("interactions[\(position)]: the request path changed and the report does not say so")
        }
        if before.request.query != after.request.query, !named("request query", orUnder: true) {
            fuzzFailure("interactions[\(position)]: the request query changed and the report does not say so")
        }
        for (side, old, new) in [("request", before.request.headers, after.request.headers), ("response", before.response.headers, after.response.headers)] {
            guard old.fields.map(\.name) == new.fields.map(\.name) else {
                fuzzFailure("interactions[\(position)]: redaction changed the \(side) header names")
            }
            for (oldField, newField) in zip(old.fields, new.fields) where oldField.value != newField.value {
                if !named("\(side) header \(oldField.name.lowercased())") {
                    fuzzFailure("interactions[\(position)]: \(side) header \(oldField.name) changed and the report does not say so")
                }
            }
        }
        if before.request.body.bytes != after.request.body.bytes, !named("request body", orUnder: true), !named("request form", orUnder: true) {
            fuzzFailure("interactions[\(position)]: the request body changed and the report does not say so")
        }
        if before.response.body.bytes != after.response.body.bytes, !named("response body", orUnder: true) {
            fuzzFailure("interactions[\(position)]: the response body changed and the report does not say so")
        }
    }
}

/// The bytes before, between and after the ranges.
private func gaps(_ bytes: [UInt8], _ ranges: [Range<Int>]) -> [[UInt8]] {
    var start = 0
    var result: [[UInt8]] = []
    for range in ranges {
        result.append(Array(bytes[start..<range.lowerBound]))
        start = range.upperBound
    }
    result.append(Array(bytes[start...]))
    return result
}

/// One interaction carrying the bytes in its query, a cookie, a header and both bodies.
private func rawInteraction(_ bytes: [UInt8]) -> Interaction {
    let text = String(decoding: bytes, as: UTF8.self)
    let printable = String(decoding: bytes.filter { $0 > 0x20 && $0 != 0x7F && $0 != UInt8(ascii: "#") }, as: UTF8.self)
    let headerValue = String(decoding: bytes.filter { $0 != 0x0A && $0 != 0x0D && $0 != 0 }, as: UTF8.self)
    return Interaction(
        request: RecordedRequest(
            method: "POST", path: "/raw", query: printable,
            headers: [("authorization", headerValue), ("cookie", headerValue), ("content-type", "application/x-www-form-urlencoded")],
            body: .text(text)),
        response: RecordedResponse(status: 200, headers: [("set-cookie", headerValue), ("x-echo", headerValue)], body: Body(bytes: bytes)))
}

private func isTokenLike(_ secret: String) -> Bool {
    secret.utf8.count >= 4 && secret.utf8.allSatisfy { byte in
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
            UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."):
            true
        default: false
        }
    } && !["<redacted>", "<FUZZ_TOKEN>"].contains { $0.contains(secret) }
}

private func contains(_ secret: String, _ interaction: Interaction) -> Bool {
    let parts = [interaction.request.path, interaction.request.query ?? ""]
        + interaction.request.headers.fields.map(\.value) + interaction.response.headers.fields.map(\.value)
    let needle = Array(secret.utf8)
    return parts.contains { contains(needle, in: Array($0.utf8)) }
        || contains(needle, in: interaction.request.body.bytes) || contains(needle, in: interaction.response.body.bytes)
}

/// A byte a token is made of: an occurrence between two of them is inside a longer word.
private func isWordByte(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
        UInt8(ascii: "_"):
        true
    default: false
    }
}

/// Whether `needle` occurs in `haystack` as a whole value: no token byte just before or after it.
private func contains(_ needle: [UInt8], in haystack: [UInt8]) -> Bool {
    guard let first = needle.first, haystack.count >= needle.count else { return false }
    return haystack.withUnsafeBufferPointer { hay in
        needle.withUnsafeBufferPointer { pattern in
            guard let base = hay.baseAddress, let start = pattern.baseAddress else { return false }
            var offset = 0
            let last = hay.count - pattern.count
            while offset <= last, let hit = memchr(base + offset, Int32(first), last - offset + 1) {
                let position = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
                let end = position + pattern.count
                let whole = (position == 0 || !isWordByte(hay[position - 1]) || !isWordByte(pattern[0]))
                    && (end == hay.count || !isWordByte(hay[end]) || !isWordByte(pattern[pattern.count - 1]))
                if whole, memcmp(base + position, start, pattern.count) == 0 { return true }
                offset = position + 1
            }
            return false
        }
    }
}

@_cdecl("FuzzRedaction_main")
public func main(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv, fuzzRedaction)
}
