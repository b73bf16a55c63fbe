import CYAJL

extension JSONValue {
    /// Where each scalar value of a JSON text stands: a string with its quotes and escapes as written, a number as
    /// written, `true`, `false`, `null`. In document order, which is the order a walk of the parsed value meets them
    /// (members and elements in turn, depth first); member names are not values and have none. Nil when the text is not
    /// one JSON value (`parse` says why).
    ///
    /// What replacing one value in a text needs without writing the text anew: its layout, its escapes and every
    /// other value stay byte for byte. yajl reports each value once its last byte is read, with the count of bytes
    /// read so far; a value's start follows from its literal, or for a string from its opening quote.
    package static func scalarRanges(in bytes: [UInt8]) -> [Range<Int>]? {
        bytes.withUnsafeBufferPointer { text -> [Range<Int>]? in
            var finder = ScalarRangeFinder(text: text)
            var callbacks = yajl_callbacks()
            callbacks.yajl_null = { ScalarRangeFinder.from($0).pointee.found(length: 4) }
            callbacks.yajl_boolean = { ScalarRangeFinder.from($0).pointee.found(length: $1 != 0 ? 4 : 5) }
            callbacks.yajl_number = { context, _, count in ScalarRangeFinder.from(context).pointee.found(length: count) }
            callbacks.yajl_string = { context, contents, count in
                ScalarRangeFinder.from(context).pointee.foundString(contents: contents, count: count)
            }
            callbacks.yajl_map_key = { _, _, _ in 1 }
            callbacks.yajl_start_map = { ScalarRangeFinder.from($0).pointee.open() }
            callbacks.yajl_end_map = { ScalarRangeFinder.from($0).pointee.close() }
            callbacks.yajl_start_array = { ScalarRangeFinder.from($0).pointee.open() }
            callbacks.yajl_end_array = { ScalarRangeFinder.from($0).pointee.close() }
            return withUnsafeMutablePointer(to: &finder) { finder -> [Range<Int>]? in
                withUnsafePointer(to: &callbacks) { callbacks -> [Range<Int>]? in
                    guard let handle = yajl_alloc(callbacks, nil, UnsafeMutableRawPointer(finder)) else { return nil }
                    defer { yajl_free(handle) }
                    mockapi_yajl_strict(handle)
                    finder.pointee.position.handle = handle
                    guard yajl_parse(handle, text.baseAddress, text.count) == yajl_status_ok else { return nil }
                    // A number that ends the text is only reported here, when yajl knows nothing follows it.
                    finder.pointee.position.completing = true
                    guard yajl_complete_parse(handle) == yajl_status_ok, !finder.pointee.failed,
                        let end = finder.pointee.valueEnd, text[end...].allSatisfy(JSONValue.isWhitespace)
                    else { return nil }
                    return finder.pointee.ranges
                }
            }
        }
    }
}

/// yajl's context for ``JSONValue/scalarRanges(in:)``.
private struct ScalarRangeFinder {
    let text: UnsafeBufferPointer<UInt8>
    /// Where yajl is in the text.
    var position: YAJLPosition
    var ranges: [Range<Int>] = []
    /// Set when a value's start could not be found (it cannot happen in a text yajl accepts); stops the parse.
    var failed = false
    /// Containers open.
    private var depth = 0
    /// Where the top value ends, once it is complete: only whitespace may follow (as ``JSONValue/parse(_:)`` checks).
    var valueEnd: Int?

    init(text: UnsafeBufferPointer<UInt8>) {
        self.text = text
        position = YAJLPosition(textSize: text.count)
    }

    static func from(_ context: UnsafeMutableRawPointer?) -> UnsafeMutablePointer<ScalarRangeFinder> {
        context.unsafelyUnwrapped.assumingMemoryBound(to: ScalarRangeFinder.self)
    }

    /// Where the value yajl reports now ends.
    private var end: Int { position.end }

    mutating func open() -> Int32 {
        depth += 1
        return 1
    }

    mutating func close() -> Int32 {
        depth -= 1
        if depth == 0 { valueEnd = end }
        return 1
    }

    /// A value of `length` bytes as written (a literal or a number's text) that ends here.
    mutating func found(length: Int) -> Int32 {
        record(start: end - length)
    }

    /// A string: its contents are yajl's view of the text itself when it has no escape, so its opening quote is just
    /// before them; a string with an escape is handed over decoded, and its opening quote is the nearest one before its
    /// closing quote that no backslash escapes (a quote inside a string is always escaped, one outside never is).
    mutating func foundString(contents: UnsafePointer<UInt8>?, count: Int) -> Int32 {
        guard let base = text.baseAddress else { return record(start: -1) }
        if let contents, contents >= base, contents < base + text.count {
            return record(start: base.distance(to: contents) - 1)
        }
        var quote = end - 2
        while quote >= 0 {
            if text[quote] == UInt8(ascii: "\"") {
                var backslashes = 0
                while quote - backslashes - 1 >= 0, text[quote - backslashes - 1] == UInt8(ascii: "\\") { backslashes += 1 }
                if backslashes % 2 == 0 { break }
            }
            quote -= 1
        }
        return record(start: quote)
    }

    private mutating func record(start: Int) -> Int32 {
        let end = self.end
        guard start >= 0, start < end else {
            failed = true
            return 0
        }
        ranges.append(start..<end)
        if depth == 0 { valueEnd = end }
        return 1
    }
}
