import FuzzSupport
@testable import MockAPICore
@testable import MockAPIInterop

/// Input: the bytes of a HAR file, a VCR/vcrpy cassette or a nock recording (the importer decides which from the
/// content, as `mockapi import` does).
///
/// Properties, beyond "no crash, no memory error":
/// - the importer refuses input with an error about the input (file, field), never by producing a cassette that the
///   loader then rejects: a `.cassette` error other than the refusal to write a leaking cassette is a bug;
/// - a cassette it produces saves and loads again, equal.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzImport(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    var input = FuzzInput(data, count)
    let importer = CassetteImporter()
    let result: ImportResult
    do {
        result = try importer.importContents([(file: "input", bytes: input.remainder())], output: "imported.json")
    } catch {
        if case .cassette(let failure) = error, !isLeakRefusal(failure) {
            fuzzFailure("the importer produced a cassette the loader refuses: \(failure)")
        }
        return 0
    }
    do {
        let reloaded = try Cassette(bytes: result.cassette.fileBytes(), file: "saved.json")
        guard reloaded == result.cassette else { fuzzFailure("the imported cassette changed through save and load") }
    } catch {
        fuzzFailure("an imported cassette does not load after saving: \(error)")
    }
    return 0
}

/// The importer refuses to write a cassette in which a scrubbed value still appears elsewhere (a one-character token
/// appears everywhere): a refusal about the input, not a bug.
private func isLeakRefusal(_ failure: CassetteError) -> Bool {
    if case .unwritable = failure { return true }
    return false
}

@_cdecl("FuzzImport_main")
public func main(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv, fuzzImport)
}
