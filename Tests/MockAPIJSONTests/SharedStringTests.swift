import MockAPIJSON
import Testing

/// The parser stores repeated strings once (a table by hash of their bytes); what it gives back must not depend on it.
struct SharedStringTests {
    /// Thousands of strings of the lengths the table shares, repeated and colliding in its slots, each read back as
    /// written, and the text written back byte for byte.
    @Test func manyRepeatedAndCollidingStrings_readBackExactly() throws {
        var expected: [JSONValue] = []
        for round in 0..<3 {
            for number in 0..<5000 {
                let text = "header-value-\(number)-" + String(repeating: "x", count: number % 80)
                expected.append(.string(round == 1 ? text.uppercased() : text))
            }
        }
        let document = JSONValue.array(expected)
        let text = document.compactBytes()
        let parsed = try JSONValue.parse(text)
        #expect(parsed == document)
        #expect(parsed.compactBytes() == text)
    }

    /// Member names and values that differ only in escapes or in one byte stay apart.
    @Test func nearlyEqualStrings_stayApart() throws {
        let text = #"{"content-type-options":"nosniff-nosniff-1","content-type-options":"nosniff-nosniff-2","#
            + #""content-type-option\u0073":"nosniff-nosniff-\u0031","content-type-options":"nosniff-nosniff-é"}"#
        let parsed = try JSONValue.parse(text)
        #expect(parsed.objectValue?.map(\.value) == [
            .string("nosniff-nosniff-1"), .string("nosniff-nosniff-2"), .string("nosniff-nosniff-1"),
            .string("nosniff-nosniff-é"),
        ])
        #expect(parsed.objectValue?.allSatisfy { $0.name == "content-type-options" } == true)
    }

    /// The table compares a slot's string with new bytes (memcmp): strings of every shared length that differ
    /// from another of the same length in one byte, at any position, read back as
    /// written though they share a small table's slots.
    @Test func oneByteApart_atEveryPosition_readBackExactly() {
        var table = StringTable(textSize: 0)
        for length in 16...41 {
            let base = (0..<length).map { UInt8(ascii: "a") + UInt8($0 % 26) }
            for position in 0..<length {
                for variant in [base, base.enumerated().map { $0.offset == position ? UInt8(ascii: "Z") : $0.element }] {
                    let read = variant.withUnsafeBufferPointer { table.string($0) }
                    #expect(Array(read.utf8) == variant, "length \(length), byte \(position)")
                }
            }
        }
    }
}
