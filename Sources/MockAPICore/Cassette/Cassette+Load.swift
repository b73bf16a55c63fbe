import MockAPIJSON

extension Cassette {
    /// Reads and validates a cassette file, with what the write-ahead log of an interrupted recording adds to it
    /// (``WriteAheadLog``). Every error names the file; content errors name the JSON path too.
    package static func load(file: String) throws(CassetteError) -> Cassette {
        let bytes: [UInt8]
        do { bytes = try FileIO.read(file) } catch { throw .unreadable(file: file, reason: error.description) }
        var cassette = try Cassette(bytes: bytes, file: file)
        try WriteAheadLog.apply(to: &cassette, file: file)
        return cassette
    }

    /// Parses the bytes of a cassette file (yajl) and validates them as ``init(json:file:)`` does, with the same
    /// errors in the same order; `file` names it in errors, which give a line and column for text that is not JSON,
    /// or a JSON path. Each interaction is read as soon as the parser has it, so the file is never one tree.
    package init(bytes: [UInt8], file: String) throws(CassetteError) {
        var interactions: [Interaction] = []
        var firstFailure: CassetteError?
        let list = JSONField(value: .array([]), file: file, path: "interactions")
        let top: JSONValue
        do throws(JSONParseError) {
            top = try JSONValue.parse(bytes, streamingElementsOf: "interactions") { element in
                guard firstFailure == nil else { return }
                do throws(CassetteError) {
                    interactions.append(try Interaction(list.element(interactions.count, element)))
                } catch {
                    firstFailure = error
                }
            }
        } catch {
            throw .notJSON(file: file, error: error)
        }
        try self.init(top: top, file: file) { (field) throws(CassetteError) in
            // Streamed, the array is empty here; when the member is not an array, nothing was streamed.
            _ = try field.array()
            if let firstFailure { throw firstFailure }
            return interactions
        }
    }

    /// Writes the cassette so that a crash at any moment leaves the previous file or this one, never a torn file.
    package func save(to file: String) throws(CassetteError) {
        do { try FileIO.writeAtomically(fileBytes(), to: file) } catch {
            throw .unwritable(file: file, reason: error.description)
        }
    }
}
