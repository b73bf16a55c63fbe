import Foundation
import MockAPICore
import MockAPIJSON
import Testing

/// Storing JSON bodies in their layouts changes no answer: every body of every committed fixture, stored anew as
/// recording, import and scrub store it, saved and loaded again, gives the bytes the committed file gives.
struct FixtureReplayBytesTests {
    @Test func everyFixture_replaysTheSameBytesWithItsBodiesStoredAnew() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Fixtures").standardized.path
        var checked = 0
        var laidOut = 0
        for item in try CassetteLoader.discover([root]) {
            let committed = try FileIO.read(item.file)
            let before = try FixtureReplayBytesTests.bodies(committedFile: committed, loaded: Cassette(bytes: committed, file: item.file))
            var cassette = try Cassette(bytes: committed, file: item.file)
            for index in cassette.interactions.indices {
                cassette.interactions[index].request.body = cassette.interactions[index].request.body.replacingBytes { $0 }
                cassette.interactions[index].response.body = cassette.interactions[index].response.body.replacingBytes { $0 }
                for body in [cassette.interactions[index].request.body, cassette.interactions[index].response.body] {
                    if case .json(let json) = body, json.layout != .compact { laidOut += 1 }
                }
            }
            let reloaded = try Cassette(bytes: cassette.fileBytes(), file: item.file)
            let after = reloaded.interactions.flatMap { [$0.request.body.bytes, $0.response.body.bytes] }
            #expect(after.count == before.count, "\(item.file)")
            for (index, pair) in zip(before, after).enumerated() {
                #expect(pair.0 == pair.1, "\(item.file): interactions[\(index / 2)].\(index % 2 == 0 ? "request" : "response").body")
                checked += 1
            }
        }
        #expect(checked >= 200)
        // The mergestat GraphQL requests, compact with a final newline (committed as text before layouts existed).
        #expect(laidOut >= 11)
    }

    /// The bytes each body of a committed file replays, request and response for each interaction in turn: `text`,
    /// `base64` and `chunks` decoded with Foundation's JSON parser rather than the cassette loader; a `json` member as
    /// its value's compact form (checked to be that member's value by Foundation's parser too), and a final newline
    /// when its format says so.
    static func bodies(committedFile: [UInt8], loaded: Cassette) throws -> [[UInt8]] {
        let top = try #require(try JSONSerialization.jsonObject(with: Data(committedFile)) as? [String: Any])
        let interactions = try #require(top["interactions"] as? [[String: Any]])
        var bodies: [[UInt8]] = []
        for (index, interaction) in interactions.enumerated() {
            for side in ["request", "response"] {
                let body = (interaction[side] as? [String: Any])?["body"]
                guard let body = body as? [String: Any] else {
                    bodies.append([])
                    continue
                }
                if let value = body["json"] {
                    let recorded = side == "request" ? loaded.interactions[index].request.body : loaded.interactions[index].response.body
                    let compact = try JSONValue.parse(recorded.bytes).compactBytes()
                    // Compared as Foundation writes each back with sorted keys: the same value gives the same text.
                    let reparsed = try JSONSerialization.jsonObject(with: Data(compact), options: .fragmentsAllowed)
                    let written = { (object: Any) in try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .fragmentsAllowed]) }
                    #expect(try written(reparsed) == written(value), "interactions[\(index)].\(side).body.json")
                    // Fixtures hold no layout but compact, with or without a final newline; another needs its own
                    // independent writer here.
                    let format = body["format"] as? String ?? "compact"
                    try #require(["compact", "compact+newline"].contains(format), "interactions[\(index)].\(side).body.format")
                    bodies.append(format == "compact+newline" ? compact + [UInt8(ascii: "\n")] : compact)
                } else if let chunks = body["chunks"] as? [[String: Any]] {
                    bodies.append(try chunks.flatMap(FixtureReplayBytesTests.decoded))
                } else {
                    bodies.append(try FixtureReplayBytesTests.decoded(body))
                }
            }
        }
        return bodies
    }

    private static func decoded(_ member: [String: Any]) throws -> [UInt8] {
        if let text = member["text"] as? String { return Array(text.utf8) }
        let base64 = try #require(member["base64"] as? String)
        return Array(try #require(Data(base64Encoded: base64)))
    }
}
