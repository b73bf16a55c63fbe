import MockAPIJSON

/// The bytes of a cassette file built piece by piece, identical to ``Cassette/fileBytes()`` for the same cassette:
/// a fixed head, each interaction as pretty JSON indented for its place in the array, and a tail. Appending an
/// interaction costs its own encoding, not the whole cassette's.
struct CassetteFileLayout {
    /// Everything before the tail (head and interactions): chunks that are never appended to again (full ones, and
    /// those a fold took, ``takeFileParts()``), and the chunk appended to now.
    private var sealed: [[UInt8]] = []
    private var body: [UInt8]
    private(set) var count: Int
    /// Bytes a chunk holds before the next interaction starts a new one. An array that outgrows its storage copies
    /// itself into storage twice as large: had everything since the last fold been one array, an append would now and
    /// then have copied all of it, under the writer's lock that every commit takes (30 ms at 68 MiB, 58 ms at 136
    /// MiB, on the recording machine).
    static let chunkSize = 1 << 20

    init(source: String?, lintAllowances: [LintAllowance] = [], matchRules: MatchRules = .exact, volatileHeaders: [String] = []) {
        var head = Array("{\n  \"mockapi\": \(Cassette.formatVersion),\n".utf8)
        if let source {
            head += Array("  \"source\": ".utf8)
            JSONValue.writeString(source, into: &head)
            head += Array(",\n".utf8)
        }
        if !lintAllowances.isEmpty {
            head += Array("  \"lint\": ".utf8)
            lintAllowances.lintJSONValue.writePretty(into: &head, indent: 2)
            head += Array(",\n".utf8)
        }
        if matchRules != .exact {
            head += Array("  \"match\": ".utf8)
            matchRules.cassetteJSONValue.writePretty(into: &head, indent: 2)
            head += Array(",\n".utf8)
        }
        if !volatileHeaders.isEmpty {
            head += Array("  \"volatileHeaders\": ".utf8)
            JSONValue.array(volatileHeaders.map { .string($0) }).writePretty(into: &head, indent: 2)
            head += Array(",\n".utf8)
        }
        head += Array("  \"interactions\": [".utf8)
        self.body = head
        self.count = 0
    }

    /// One interaction's bytes in the file, without the separator before it.
    static func encode(_ interaction: Interaction) -> [UInt8] {
        encode(interaction.jsonValue)
    }

    /// The same, from the interaction's JSON value.
    static func encode(_ value: JSONValue) -> [UInt8] {
        var bytes = Array("    ".utf8)
        value.writePretty(into: &bytes, indent: 4)
        return bytes
    }

    /// Appends encoded interactions.
    mutating func append(_ encoded: [[UInt8]]) {
        for chunk in encoded {
            let separator = count == 0 ? [UInt8(ascii: "\n")] : [UInt8(ascii: ","), UInt8(ascii: "\n")]
            if !body.isEmpty, body.count + separator.count + chunk.count > CassetteFileLayout.chunkSize {
                sealed.append(body)
                body = []
                body.reserveCapacity(CassetteFileLayout.chunkSize)
            }
            body += separator
            body += chunk
            count += 1
        }
    }

    private var tail: [UInt8] { Array((count == 0 ? "]\n}\n" : "\n  ]\n}\n").utf8) }

    /// The whole file's bytes in parts, what is laid out and the tail, without copying any: for a write made outside
    /// the lock that guards the layout, while interactions go on being appended (``DurableCassette/fold()``). What is
    /// laid out is taken whole, and later appends start a chunk of their own: appending to an array the write still
    /// holds would copy it.
    mutating func takeFileParts() -> [[UInt8]] {
        if !body.isEmpty {
            sealed.append(body)
            body = []
        }
        return sealed + [tail]
    }

    /// Calls `use` with the whole file's bytes, copying them into one array when they are in more than one chunk (the
    /// writer uses it when it opens a cassette, before any fold).
    mutating func withFileBytes<T>(_ use: ([UInt8]) -> T) -> T {
        let end = tail
        if !sealed.isEmpty {
            // Joined once, into storage with room for the tail: one copy of each byte, and no regrowth below.
            var whole: [UInt8] = []
            whole.reserveCapacity(sealed.reduce(body.count + end.count) { $0 + $1.count })
            for chunk in sealed { whole += chunk }
            whole += body
            body = whole
            sealed = []
        }
        body += end
        defer { body.removeLast(end.count) }
        return use(body)
    }
}
