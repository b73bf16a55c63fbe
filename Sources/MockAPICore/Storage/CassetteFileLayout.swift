import MockAPIJSON

/// The pieces a cassette file is made of, identical to ``Cassette/fileBytes()`` for the same cassette when put together:
/// a fixed head, each interaction as pretty JSON indented for its place in the array, separated by a comma and a line
/// break, and a tail. Appending interactions to a file means replacing its tail: the recorder copies a file's bytes up
/// to its tail, then writes what it appends and a new tail (``StreamingFold``), without holding the file in memory.
enum CassetteFileLayout {
    /// Everything before the first interaction.
    static func head(source: String?, lintAllowances: [LintAllowance] = [], matchRules: MatchRules = .exact,
                     volatileHeaders: [String] = []) -> [UInt8] {
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
        return head
    }

    /// One interaction's bytes in the file, without the separator before it.
    static func encode(_ interaction: Interaction) -> [UInt8] {
        var bytes = Array("    ".utf8)
        interaction.jsonValue.writePretty(into: &bytes, indent: 4)
        return bytes
    }

    /// What goes before the interaction at `index`.
    static func separator(before index: Int) -> [UInt8] {
        index == 0 ? [UInt8(ascii: "\n")] : [UInt8(ascii: ","), UInt8(ascii: "\n")]
    }

    /// What ends a file of `count` interactions.
    static func tail(count: Int) -> [UInt8] {
        Array((count == 0 ? "]\n}\n" : "\n  ]\n}\n").utf8)
    }
}
