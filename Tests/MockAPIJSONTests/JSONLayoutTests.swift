import MockAPIJSON
import Testing

struct JSONLayoutTests {
    /// One value, `{"name": "café ☕ 😀", "controls": "tab\there\x01 del\x7f \"q\" back\\slash /", …}`, as Python 3.11's
    /// `json.dumps` wrote it in each layout (generated with python3 while writing this test).
    static let pythonWritten: [(layout: String, text: String)] = [
        // json.dumps(value, ensure_ascii=False)
        ("spaced", #"""
        {"name": "café ☕ 😀", "controls": "tab\there\u0001 del\#u{7F} \"q\" back\\slash /", "numbers": [1, 2.5, -300, 1e+100], "empty": {"list": [], "object": {}}, "nested": [{"ok": true, "none": null}, [false]]}
        """#),
        // json.dumps(value)
        ("spaced+ascii", #"""
        {"name": "caf\u00e9 \u2615 \ud83d\ude00", "controls": "tab\there\u0001 del\u007f \"q\" back\\slash /", "numbers": [1, 2.5, -300, 1e+100], "empty": {"list": [], "object": {}}, "nested": [{"ok": true, "none": null}, [false]]}
        """#),
        // json.dumps(value, separators=(',', ':'))
        ("compact+ascii", #"""
        {"name":"caf\u00e9 \u2615 \ud83d\ude00","controls":"tab\there\u0001 del\u007f \"q\" back\\slash /","numbers":[1,2.5,-300,1e+100],"empty":{"list":[],"object":{}},"nested":[{"ok":true,"none":null},[false]]}
        """#),
        // json.dumps(value, indent=2, ensure_ascii=False)
        ("indent2", #"""
        {
          "name": "café ☕ 😀",
          "controls": "tab\there\u0001 del\#u{7F} \"q\" back\\slash /",
          "numbers": [
            1,
            2.5,
            -300,
            1e+100
          ],
          "empty": {
            "list": [],
            "object": {}
          },
          "nested": [
            {
              "ok": true,
              "none": null
            },
            [
              false
            ]
          ]
        }
        """#),
        // json.dumps(value, indent=4)
        ("indent4+ascii", #"""
        {
            "name": "caf\u00e9 \u2615 \ud83d\ude00",
            "controls": "tab\there\u0001 del\u007f \"q\" back\\slash /",
            "numbers": [
                1,
                2.5,
                -300,
                1e+100
            ],
            "empty": {
                "list": [],
                "object": {}
            },
            "nested": [
                {
                    "ok": true,
                    "none": null
                },
                [
                    false
                ]
            ]
        }
        """#),
    ]

    /// Text a known writer wrote is rebuilt byte for byte from its value in its layout, with or without a final
    /// newline, and the layout is found from the text.
    @Test(arguments: pythonWritten, [false, true])
    func layout_rebuildsWhatTheWriterWrote(written: (layout: String, text: String), trailingNewline: Bool) throws {
        let bytes = Array((written.text + (trailingNewline ? "\n" : "")).utf8)
        let name = written.layout + (trailingNewline ? "+newline" : "")
        let layout = try #require(JSONLayout(name: name))
        let value = try JSONValue.parse(bytes)
        #expect(value.bytes(in: layout) == bytes)
        #expect(JSONLayout(of: bytes, value: value)?.name == name)
    }

    /// Compact text is found as compact (the default a cassette does not name); with a final newline it is a layout of
    /// its own.
    @Test func compactText_isCompact() throws {
        let bytes = Array(#"{"a":[1,{}],"b":"é"}"#.utf8)
        #expect(JSONLayout(of: bytes, value: try JSONValue.parse(bytes)) == .compact)
        let withNewline = bytes + [0x0A]
        #expect(JSONLayout(of: withNewline, value: try JSONValue.parse(withNewline))?.name == "compact+newline")
    }

    /// Text that is almost in a layout but not quite is in none: writing its value in the nearest one would change its
    /// bytes.
    @Test(arguments: [
        "{\n   \"a\": 1\n}",                       // three-space indent
        "{\n\t\"a\": 1\n}",                        // tab indent
        "{\n  \"a\": 1, \n  \"b\": 2\n}",          // Python indent=2 with separators=(", ", ": "): a space before each line end
        "{\n  \"a\": [1, 2]\n}",                   // an array kept on one line in an indented layout
        #"{"a" : 1}"#,                             // " : "
        #"{"a": 1,"b": 2}"#,                       // spaced after ":" only
        #"{"url":"https:\/\/api.github.com"}"#,    // PHP's \/ escapes
        #"{"a":"\u00E9"}"#,                        // upper-case hex
        #"{"a":"\u003c"}"#,                        // Go's HTML-safe escape of <
        #"{"a":"é \u00e9"}"#,                      // raw and escaped non-ASCII together
        " {\"a\":1}",                              // leading space
        "{\"a\":1}\r\n",                           // CRLF at the end
        "{\"a\":1}\n\n",                           // two newlines
    ])
    func nearMiss_isInNoLayout(text: String) throws {
        let bytes = Array(text.utf8)
        #expect(JSONLayout(of: bytes, value: try JSONValue.parse(bytes)) == nil)
    }

    /// Every layout's name reads back as that layout, and nothing else reads as one.
    @Test func names_roundTrip() {
        for spacing in JSONLayout.Spacing.allCases {
            for asciiOnly in [false, true] {
                for trailingNewline in [false, true] {
                    let layout = JSONLayout(spacing, asciiOnly: asciiOnly, trailingNewline: trailingNewline)
                    #expect(JSONLayout(name: layout.name) == layout)
                }
            }
        }
        #expect(JSONLayout.compact.name == "compact")
        for name in ["", "indent3", "Spaced", "spaced+", "spaced+newline+ascii", "spaced+ascii+ascii", "+ascii", "indent2 "] {
            #expect(JSONLayout(name: name) == nil, "\(name)")
        }
    }

    /// Characters beyond the Basic Multilingual Plane are written as surrogate pairs; DEL is escaped only when the
    /// layout is ASCII only.
    @Test func asciiOnly_escapesAsPythonDoes() {
        let value = JSONValue.string("é\u{7F}😀\u{1}")
        #expect(String(decoding: value.bytes(in: JSONLayout(.compact, asciiOnly: true)), as: UTF8.self) == #""\u00e9\u007f\ud83d\ude00\u0001""#)
        #expect(String(decoding: value.bytes(in: JSONLayout(.compact)), as: UTF8.self) == "\"é\u{7F}😀\\u0001\"")
    }
}
