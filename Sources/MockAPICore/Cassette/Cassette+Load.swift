import MockAPIJSON

extension Cassette {
    /// Reads and validates a cassette file, with what the write-ahead log of an interrupted recording adds to it
    /// (``WriteAheadLog``). Every error names the file; content errors name the JSON path too.
    ///
    /// simdjson reads the file in its own buffer (``Cassette/simdjson(file:)``); a text it leaves to the tree reader is
    /// read as ``init(bytes:file:)`` would, and a file it does not read (not a regular file, too large, unreadable) is
    /// read by ``FileIO/read(_:)`` and given to ``init(bytes:file:)``.
    package static func load(file: String) throws(CassetteError) -> Cassette {
        var cassette: Cassette
        switch Cassette.simdjson(file: file) {
        case .read(let read):
            cassette = read
        case .declined(let bytes):
            cassette = try Cassette(treeOf: bytes, file: file)
        case .unread:
            let bytes: [UInt8]
            do { bytes = try FileIO.read(file) } catch { throw .unreadable(file: file, reason: error.description) }
            cassette = try Cassette(bytes: bytes, file: file)
        }
        try WriteAheadLog.apply(to: &cassette, file: file)
        return cassette
    }

    /// Parses and validates the bytes of a cassette file; `file` names it in errors.
    ///
    /// simdjson reads a valid cassette (``CassetteTokens``, Cassette+Tokens.swift); whatever it does not accept is
    /// read again as a tree by yajl (``init(treeOf:file:)``), which gives the same cassette or says what is wrong.
    package init(bytes: [UInt8], file: String) throws(CassetteError) {
        if let cassette = Cassette(simdjsonBytes: bytes) {
            self = cassette
            return
        }
        try self.init(treeOf: bytes, file: file)
    }

    /// Parses the bytes into a ``JSONValue`` tree (yajl) and validates it: the reference reader, and the one whose
    /// errors (with line and column, or a JSON path) are reported.
    package init(treeOf bytes: [UInt8], file: String) throws(CassetteError) {
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
