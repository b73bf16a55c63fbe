import FuzzSupport
@testable import MockAPICore
import MockAPIJSON

/// Input: the bytes of a cassette file.
///
/// Properties, beyond "no crash, no memory error":
/// - a cassette that loads is saved (pretty JSON, as `record` writes it) and loads again, equal;
/// - every recorded request of it, sent to a replayer over it as the server would hand it over, gets a recorded answer;
/// - the input as a recorded body is stored in a form that gives back its bytes: JSON only when writing its value in
///   the layout chosen for it rebuilds them (as loading the cassette does), and the one-pass compact check never wrong.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCassette(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    var input = FuzzInput(data, count)
    let bytes = input.remainder()
    bodyKeepsItsBytes(bytes)
    guard let cassette = try? Cassette(bytes: bytes, file: "input.json") else { return 0 }
    let saved = cassette.fileBytes()
    do {
        let reloaded = try Cassette(bytes: saved, file: "saved.json")
        guard reloaded == cassette else { fuzzFailure("the cassette changed through save and load") }
    } catch {
        fuzzFailure("a loaded cassette does not load after saving: \(error)")
    }
    replayEveryRecordedRequest(cassette)
    return 0
}

private func bodyKeepsItsBytes(_ bytes: [UInt8]) {
    let body = Body(bytes: bytes)
    guard body.bytes == bytes else { fuzzFailure("a recorded body is stored in a form that gives back other bytes") }
    if case .json(let json) = body, (try? JSONValue.parse(bytes))?.bytes(in: json.layout) != bytes {
        fuzzFailure("a JSON body's value written in its layout (\(json.layout.name)) is not its bytes: loading it would change them")
    }
    if let value = try? JSONValue.parse(bytes), JSONValue.isCompactText(bytes), value.compactBytes() != bytes {
        fuzzFailure("the one-pass check calls JSON compact that writing its value changes")
    }
}

private func replayEveryRecordedRequest(_ cassette: Cassette) {
    let loaded = LoadedCassette(name: "input", file: "input.json", cassette: cassette)
    let replayer = Replayer(cassettes: [loaded], baseURL: "http://127.0.0.1:8080")
    for (position, interaction) in cassette.interactions.enumerated() {
        let recorded = interaction.request
        let target = interaction.localPath + (recorded.query.map { "?" + $0 } ?? "")
        // A fragment never reaches a server (HTTPRequest.split drops it), so a recording that has one cannot be asked for.
        guard !target.utf8.contains(UInt8(ascii: "#")) else { continue }
        let request = HTTPRequest(method: recorded.method, target: target, headers: recorded.headers, body: recorded.body.bytes)
        guard case .prepared = replayer.reply(to: request) else {
            fuzzFailure("recorded request \(position) (\(recorded.method) \(target)) is not matched by its own recording")
        }
    }
}

@_cdecl("FuzzCassette_main")
public func main(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv, fuzzCassette)
}
