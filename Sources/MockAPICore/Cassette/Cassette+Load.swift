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

    /// Parses the bytes of a cassette file into a ``JSONValue`` (yajl) and validates it (``init(json:file:)``);
    /// `file` names it in errors, which give a line and column for text that is not JSON, or a JSON path.
    package init(bytes: [UInt8], file: String) throws(CassetteError) {
        let json: JSONValue
        do { json = try JSONValue.parse(bytes) } catch { throw .notJSON(file: file, error: error) }
        try self.init(json: json, file: file)
    }

    /// Writes the cassette so that a crash at any moment leaves the previous file or this one, never a torn file.
    package func save(to file: String) throws(CassetteError) {
        do { try FileIO.writeAtomically(fileBytes(), to: file) } catch {
            throw .unwritable(file: file, reason: error.description)
        }
    }
}
