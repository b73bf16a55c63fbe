import Foundation
import MockAPIJSON
import Testing

struct JSONParseTests {
    /// Writing a parsed value gives back exactly the compact bytes it came from: order, literals and escapes kept.
    @Test(arguments: [
        #"{"zeta":1,"alpha":[true,false,null],"mid":{"b":"x","a":"y"}}"#,
        #"{"id":12345678901234567890,"price":1.50,"tiny":-0.0e+5,"big":1E400}"#,
        #"["é","日本語","emoji 😀","tab\tnew\nline","quote\"back\\slash","\u0001"]"#,
        #""just a string""#,
        "42",
        "[]",
        "{}",
    ])
    func compactBytes_reproduceCompactInput(text: String) throws {
        let value = try JSONValue.parse(text)
        #expect(String(decoding: value.compactBytes(), as: UTF8.self) == text)
    }

    /// Escapes that the compact writer does not produce are still read correctly (they only change the bytes).
    @Test func parse_decodesEscapes() throws {
        let value = try JSONValue.parse(#"["\/","\u00e9","\ud83d\ude00"]"#)
        #expect(value == .array([.string("/"), .string("é"), .string("😀")]))
    }

    /// Streaming one member's elements hands over exactly the elements a whole parse keeps, in order, and leaves an
    /// empty array in their place; an array of that name deeper down, or a member of that name that is no array, is
    /// parsed as usual.
    @Test func parse_streamingElementsOf_handsOverTheTopMembersElements() throws {
        let text = #"{"a":{"items":[1]},"items":[{"x":[1,2]},"s",[3],null],"z":{"items":[true]}}"#
        var streamed: [JSONValue] = []
        let rest = try JSONValue.parse(Array(text.utf8), streamingElementsOf: "items") { streamed.append($0) }
        let whole = try JSONValue.parse(text)
        #expect(streamed == whole["items"]?.arrayValue)
        #expect(rest["items"] == .array([]))
        #expect(rest["a"] == whole["a"])
        #expect(rest["z"] == whole["z"])

        var none: [JSONValue] = []
        let object = try JSONValue.parse(Array(#"{"items":{"a":1}}"#.utf8), streamingElementsOf: "items") { none.append($0) }
        #expect(none.isEmpty)
        #expect(object == (try JSONValue.parse(#"{"items":{"a":1}}"#)))
        #expect(throws: JSONParseError.self) {
            try JSONValue.parse(Array(#"{"items":[1,2,}"#.utf8), streamingElementsOf: "items") { none.append($0) }
        }
    }

    @Test func parse_keepsRepeatedNamesInOrder() throws {
        let value = try JSONValue.parse(#"{"a":1,"a":2}"#)
        #expect(value == .object([JSONMember("a", .number("1")), JSONMember("a", .number("2"))]))
        #expect(value["a"] == .number("1"))
    }

    /// Errors say why and where, with line and column counted from 1.
    @Test(arguments: [
        ("{\n  \"a\": 1,\n  \"b\": tru\n}", 3, "invalid string in json text"),
        ("{\"a\": 1", 1, "premature EOF"),
        ("{\"a\": 1} x", 1, "trailing garbage"),
        ("", 1, "premature EOF"),
        ("{\"a\": /* no */ 1}", 1, "comments are not enabled"),
    ])
    func parse_reportsReasonAndLine(text: String, line: Int, reason: String) {
        #expect {
            _ = try JSONValue.parse(text)
        } throws: { error in
            guard let error = error as? JSONParseError else { return false }
            return error.line == line && error.reason.contains(reason)
        }
    }

    @Test func parse_errorColumnPointsIntoTheLine() {
        let error = #expect(throws: JSONParseError.self) { _ = try JSONValue.parse("{\n  \"a\": @\n}") }
        #expect(error?.line == 2)
        #expect(error?.column == 8)
        #expect(error?.description == "line 2, column 8: invalid char in json text")
    }

    /// A text cut short is reported where it ends, not at its start.
    @Test func parse_prematureEndPointsAtTheEnd() {
        let error = #expect(throws: JSONParseError.self) { _ = try JSONValue.parse("{\n  \"a\": [1,") }
        #expect(error?.description == "line 2, column 10: premature EOF")
    }

    /// yajl waits for the end of a string opened after the value, and its end of input does not mind that it never
    /// comes; the parse does.
    @Test(arguments: [(#"9""#, 1), (#"{"a":1} "tail"#, 8), ("[1]\n\"x\\\"", 4)])
    func parse_refusesAnUnclosedStringAfterTheValue(text: String, offset: Int) {
        #expect(throws: JSONParseError.self) { try JSONValue.parse(text) }
        do { _ = try JSONValue.parse(text) } catch { #expect(error.offset == offset && error.reason == "text after the value") }
        #expect(!JSONValue.isCompactText(Array(text.utf8)))
        #expect(JSONValue.scalarRanges(in: Array(text.utf8)) == nil)
    }

    @Test func parse_refusesInvalidUTF8() {
        #expect(throws: JSONParseError.self) { _ = try JSONValue.parse([0x22, 0xFF, 0xFE, 0x22]) }
    }

    /// Hostile nesting is refused instead of exhausting the stack of whatever walks the value.
    @Test func parse_refusesNestingBeyondTheLimit() {
        let deep = String(repeating: "[", count: JSONValue.maximumDepth + 1) + String(repeating: "]", count: JSONValue.maximumDepth + 1)
        let error = #expect(throws: JSONParseError.self) { _ = try JSONValue.parse(deep) }
        #expect(error?.reason == "nesting deeper than \(JSONValue.maximumDepth) levels")
        let allowed = String(repeating: "[", count: JSONValue.maximumDepth) + String(repeating: "]", count: JSONValue.maximumDepth)
        #expect(throws: Never.self) { _ = try JSONValue.parse(allowed) }
    }
}

struct JSONWriteTests {
    @Test func compactBytes_escapeOnlyQuoteBackslashAndControls() {
        let value = JSONValue.string("a\"b\\c/d\u{7F}\u{2028}\u{08}\u{0C}\u{0B}é")
        #expect(String(decoding: value.compactBytes(), as: UTF8.self) == "\"a\\\"b\\\\c/d\u{7F}\u{2028}\\b\\f\\u000bé\"")
    }

    /// The writer skips eight bytes at a time while none needs an escape: every byte that does is found wherever it
    /// stands in a word, and the bytes around the ones that do (`!`, `#`, `[`, `]`, space, DEL, UTF-8) are left alone.
    @Test func writeString_escapesAtEveryPositionOfAWord() {
        func reference(_ text: String) -> [UInt8] {
            var bytes: [UInt8] = [UInt8(ascii: "\"")]
            for byte in text.utf8 {
                switch byte {
                case UInt8(ascii: "\""): bytes += Array(#"\""#.utf8)
                case UInt8(ascii: "\\"): bytes += Array(#"\\"#.utf8)
                case 0x08: bytes += Array(#"\b"#.utf8)
                case 0x0C: bytes += Array(#"\f"#.utf8)
                case 0x0A: bytes += Array(#"\n"#.utf8)
                case 0x0D: bytes += Array(#"\r"#.utf8)
                case 0x09: bytes += Array(#"\t"#.utf8)
                case ..<0x20: bytes += Array(String(format: "\\u%04x", byte).utf8)
                default: bytes.append(byte)
                }
            }
            return bytes + [UInt8(ascii: "\"")]
        }
        let specials: [Character] = ["\"", "\\", "\u{00}", "\u{01}", "\t", "\n", "\u{1F}", " ", "!", "#", "[", "]", "\u{7F}", "é", "😀"]
        for special in specials {
            for length in [1, 7, 8, 9, 16, 17, 23] {
                for position in 0..<length {
                    var text = String(repeating: "a", count: length)
                    let index = text.index(text.startIndex, offsetBy: position)
                    text.replaceSubrange(index...index, with: String(special))
                    var written: [UInt8] = []
                    JSONValue.writeString(text, into: &written)
                    #expect(written == reference(text), "\(special.unicodeScalars.map { $0.value }) at \(position) of \(length)")
                }
            }
        }
    }

    /// Text the one-pass check calls compact is exactly what writing its value compact gives; the check says no to
    /// whitespace between tokens and to escapes the writer does not use, and to UTF-8 the parser lets through but a
    /// Swift string would repair.
    @Test(arguments: [
        (#"{"a":[1,2.50,-0,1e5],"b":{},"c":[],"d":null,"e":true,"s":"x y é 日本"}"#, true),
        (#"{"q":"a \" b \\ c \n \t \r \b \f"}"#, true),
        (#""just a string""#, true),
        ("123", true),
        (#"{"a": 1}"#, false),
        ("[1,2] ", false),
        (#"{"u":"\u00e9"}"#, false),
        (#"{"u":"\u001f"}"#, false),
        (#"{"s":"a\/b"}"#, false),
        // yajl takes a form feed and a vertical tab for whitespace; the writer drops them (found by FuzzCassette).
        ("{\"a\"\u{0C}:1}", false),
        ("[1,\u{0B}2]", false),
    ])
    func isCompactText_onlyWhenWritingGivesTheSameBytes(text: String, compact: Bool) throws {
        let bytes = Array(text.utf8)
        let value = try JSONValue.parse(bytes)
        #expect(JSONValue.isCompactText(bytes) == compact)
        if JSONValue.isCompactText(bytes) { #expect(value.compactBytes() == bytes) }
    }

    /// An encoded surrogate (ED A0 80) in a string: whatever the parser makes of it, the check never calls it compact.
    @Test func isCompactText_notForUTF8ThatSwiftRepairs() {
        let bytes: [UInt8] = [0x22, 0xED, 0xA0, 0x80, 0x22]
        #expect(!JSONValue.isCompactText(bytes))
        #expect(JSONValue.isCompactText([0x22, 0xC3, 0xA9, 0x22]))
    }

    /// The layout of cassette files is fixed, so saving an unchanged cassette changes no byte.
    @Test func prettyBytes_layout() throws {
        let value = try JSONValue.parse(
            #"{"a":[["accept","application/json"],["x","y"]],"b":{},"c":[],"d":{"e":null,"f":[1,{"g":2}]}}"#)
        let expected = """
            {
              "a": [
                ["accept", "application/json"],
                ["x", "y"]
              ],
              "b": {},
              "c": [],
              "d": {
                "e": null,
                "f": [
                  1,
                  {
                    "g": 2
                  }
                ]
              }
            }
            """
        #expect(String(decoding: value.prettyBytes(), as: UTF8.self) == expected)
    }

    @Test func prettyBytes_breaksLongScalarArrays() {
        let long = JSONValue.array((0..<40).map { .integer($0) })
        let text = String(decoding: long.prettyBytes(), as: UTF8.self)
        #expect(text.hasPrefix("[\n  0,\n  1,"))
        let short = JSONValue.array((0..<5).map { .integer($0) })
        #expect(String(decoding: short.prettyBytes(), as: UTF8.self) == "[0, 1, 2, 3, 4]")
    }

    /// Pretty output parses back to the same value, so a cassette file keeps every body intact.
    @Test func prettyBytes_roundTrip() throws {
        let text = #"{"z":[1,"two",{"three":[3.0,null,true]}],"a":"line\nbreak","n":-1e-7}"#
        let value = try JSONValue.parse(text)
        #expect(try JSONValue.parse(value.prettyBytes()) == value)
    }
}

/// Where each value of a text stands, as written: what scrubbing one value without rewriting the text needs.
struct JSONScalarRangeTests {
    /// Every kind of value, strings with and without escapes (a quote and a backslash before a closing quote among
    /// them), in document order and without member names; whitespace of every kind around them is not in a range.
    @Test func scalarRanges_coverEachValueAsWritten() throws {
        let text = "{\n  \"a\": \"plain\",\r\n  \"b\" :\t[1, -2.5e+3, true, false, null, \"\"],\n"
            + #"  "c": {"d": "esc\"aped\\", "e": "\u00e9\/x\\"}, "f": "tail"}"# + "\n"
        let bytes = Array(text.utf8)
        let ranges = try #require(JSONValue.scalarRanges(in: bytes))
        let written = ranges.map { String(decoding: bytes[$0], as: UTF8.self) }
        #expect(written == [
            #""plain""#, "1", "-2.5e+3", "true", "false", "null", #""""#, #""esc\"aped\\""#, #""\u00e9\/x\\""#, #""tail""#,
        ])
        // Each range holds one value alone, as parse reads it.
        for range in ranges { _ = try JSONValue.parse(Array(bytes[range])) }
    }

    /// A text that is one value: a number that ends the text is only reported at its end.
    @Test(arguments: ["12", " -0.5 ", #""\"x""#, "true", "[3]"])
    func scalarRanges_ofAValueAlone(text: String) throws {
        let bytes = Array(text.utf8)
        let ranges = try #require(JSONValue.scalarRanges(in: bytes))
        #expect(ranges.map { String(decoding: bytes[$0], as: UTF8.self) }
            == [text.trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "[]"))])
    }

    @Test func scalarRanges_notForWhatIsNotJSON() {
        #expect(JSONValue.scalarRanges(in: Array(#"{"a":1"#.utf8)) == nil)
        #expect(JSONValue.scalarRanges(in: Array("1 2".utf8)) == nil)
        #expect(JSONValue.scalarRanges(in: []) == nil)
    }
}

struct JSONCanonicalTests {
    @Test func canonical_ignoresMemberOrderAndNumberSpelling() throws {
        let a = try JSONValue.parse(#"{"title":"x","labels":["b","a"],"n":1.50,"m":{"q":1,"p":2}}"#)
        let b = try JSONValue.parse(#"{"m":{"p":2,"q":1},"n":15e-1,"labels":["b","a"],"title":"x"}"#)
        #expect(a.canonicalBytes() == b.canonicalBytes())
    }

    @Test func canonical_keepsArrayOrderAndTypes() throws {
        #expect(try JSONValue.parse(#"["a","b"]"#).canonicalText != JSONValue.parse(#"["b","a"]"#).canonicalText)
        #expect(try JSONValue.parse(#"{"a":"1"}"#).canonicalText != JSONValue.parse(#"{"a":1}"#).canonicalText)
    }

    @Test(arguments: [
        ("0", "0"), ("-0.0", "0"), ("1.50", "15e-1"), ("100", "1e2"), ("-1.2300e+2", "-123"),
        ("0.001", "1e-3"), ("12345678901234567890", "1234567890123456789e1"), ("1e99999999999999999", "1e99999999999999999"),
    ])
    func canonicalNumber(literal: String, normal: String) {
        #expect(JSONValue.canonicalNumber(literal) == normal)
    }
}
