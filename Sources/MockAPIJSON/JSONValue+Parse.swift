import CYAJL

extension JSONValue {
    /// Nesting deeper than this is refused, so hostile input cannot exhaust the stack of code that walks values.
    public static let maximumDepth = 512

    /// Parses one JSON text (RFC 8259: any value at the top, strict UTF-8, no comments, nothing after the value).
    public static func parse(_ bytes: UnsafeRawBufferPointer) throws(JSONParseError) -> JSONValue {
        try parse(bytes, builder: TreeBuilder(textSize: bytes.count))
    }

    /// Parses one JSON text as `parse(_:)` does, but hands each element of the array that is the top object's member
    /// `name` to `element` as soon as it is complete, instead of keeping it: the value returned has an empty array
    /// there. A large file is then never one tree, and each element is used while it is fresh in the cache (a tenth
    /// less CPU to load the 185 MB bench set). Elements arrive in order; a text that is not JSON still fails as a
    /// whole, after its elements before the error were handed over.
    public static func parse(
        _ bytes: [UInt8], streamingElementsOf name: String, to element: (JSONValue) -> Void
    ) throws(JSONParseError) -> JSONValue {
        let result = withoutActuallyEscaping(element) { element in
            bytes.withUnsafeBytes { buffer in
                var builder = TreeBuilder(textSize: buffer.count)
                builder.streamed = (name, element)
                return Result { () throws(JSONParseError) in try parse(buffer, builder: builder) }
            }
        }
        return try result.get()
    }

    private static func parse(
        _ bytes: UnsafeRawBufferPointer, builder: TreeBuilder
    ) throws(JSONParseError) -> JSONValue {
        var builder = builder
        var callbacks = yajl_callbacks()
        callbacks.yajl_null = { TreeBuilder.from($0).pointee.push(.null) }
        callbacks.yajl_boolean = { TreeBuilder.from($0).pointee.push(.bool($1 != 0)) }
        callbacks.yajl_number = { context, text, count in
            TreeBuilder.from(context).pointee.push(.number(TreeBuilder.string(text, count)))
        }
        callbacks.yajl_string = { context, text, count in
            let builder = TreeBuilder.from(context)
            return builder.pointee.push(.string(builder.pointee.shared(text, count)))
        }
        callbacks.yajl_map_key = { context, text, count in
            let builder = TreeBuilder.from(context)
            builder.pointee.names.append(builder.pointee.shared(text, count))
            return 1
        }
        callbacks.yajl_start_map = { TreeBuilder.from($0).pointee.open(isObject: true) }
        callbacks.yajl_end_map = { TreeBuilder.from($0).pointee.close() }
        callbacks.yajl_start_array = { TreeBuilder.from($0).pointee.open(isObject: false) }
        callbacks.yajl_end_array = { TreeBuilder.from($0).pointee.close() }

        // The builder is reached through a pointer, not as a class instance: Swift checks every access to a class's
        // stored properties for exclusivity at run time (about 5% of loading a large cassette set).
        let parsed: Result<JSONValue, JSONParseError> = withUnsafeMutablePointer(to: &builder) { builder in
            parse(bytes, callbacks: &callbacks, builder: builder)
        }
        return try parsed.get()
    }

    private static func parse(
        _ bytes: UnsafeRawBufferPointer, callbacks: inout yajl_callbacks, builder: UnsafeMutablePointer<TreeBuilder>
    ) -> Result<JSONValue, JSONParseError> {
        let context = UnsafeMutableRawPointer(builder)
        return withUnsafePointer(to: &callbacks) { callbacks in
            guard let handle = yajl_alloc(callbacks, nil, context) else {
                return .failure(JSONParseError(reason: "out of memory", offset: 0, line: 1, column: 1))
            }
            defer { yajl_free(handle) }
            mockapi_yajl_strict(handle)
            builder.pointee.position.handle = handle
            let base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self)
            var status = yajl_parse(handle, base, bytes.count)
            let sawEveryByte = status == yajl_status_ok
            if sawEveryByte {
                builder.pointee.position.completing = true
                status = yajl_complete_parse(handle)
            }
            if status == yajl_status_ok, let end = builder.pointee.valueEnd,
                let after = bytes[end...].firstIndex(where: { !isWhitespace($0) })
            {
                // yajl lets a string that is never closed follow the value (`9"`): it waits for the rest of it, and
                // its end of input finds nothing wrong.
                return .failure(error("text after the value", at: after, in: bytes))
            }
            guard status == yajl_status_ok, builder.pointee.values.count == 1 else {
                // yajl counts the offending byte as consumed; point at it. A text cut short fails only at the end
                // (yajl_complete_parse, which consumes nothing): point at its last byte.
                let consumed = sawEveryByte ? bytes.count : min(yajl_get_bytes_consumed(handle), bytes.count)
                let offset = max(consumed - 1, 0)
                let reason = builder.pointee.failure ?? message(of: handle, bytes: base, count: bytes.count)
                return .failure(error(reason + trailingCommaHint(at: offset, in: bytes), at: offset, in: bytes))
            }
            return .success(builder.pointee.values[0])
        }
    }

    public static func parse(_ bytes: [UInt8]) throws(JSONParseError) -> JSONValue {
        let result = bytes.withUnsafeBytes { buffer in Result { () throws(JSONParseError) in try parse(buffer) } }
        return try result.get()
    }

    public static func parse(_ text: String) throws(JSONParseError) -> JSONValue {
        try parse(Array(text.utf8))
    }

    /// What yajl skips between tokens: JSON's four whitespace bytes, and a form feed and a vertical tab.
    static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 || byte == 0x0C || byte == 0x0B
    }

    private static func message(of handle: yajl_handle, bytes: UnsafePointer<UInt8>?, count: Int) -> String {
        guard let raw = yajl_get_error(handle, 0, bytes, count) else { return "not valid JSON" }
        defer { yajl_free_error(handle, raw) }
        var text = String(cString: raw)
        // yajl says "parse error: …" or "lexical error: …"; the kind adds nothing for a reader.
        if let colon = text.firstIndex(of: ":") { text = String(text[text.index(after: colon)...]) }
        while let last = text.last, last.isWhitespace || last == "." { text.removeLast() }
        while let first = text.first, first.isWhitespace { text.removeFirst() }
        return text.isEmpty ? "not valid JSON" : text
    }

    /// `; a trailing comma? (line 3, column 12)` when the parser stopped at a `]` or `}` that follows a comma (JSON allows
    /// none there, JavaScript and many editors do); empty otherwise.
    static func trailingCommaHint(at offset: Int, in bytes: UnsafeRawBufferPointer) -> String {
        func isClosing(_ index: Int) -> Bool {
            bytes.indices.contains(index) && (bytes[index] == UInt8(ascii: "]") || bytes[index] == UInt8(ascii: "}"))
        }
        // yajl stops at the closing bracket, or just after it.
        guard let closing = [offset, offset - 1].first(where: isClosing) else { return "" }
        var before = closing - 1
        while before >= 0, isWhitespace(bytes[before]) { before -= 1 }
        guard before >= 0, bytes[before] == UInt8(ascii: ",") else { return "" }
        let comma = error("", at: before, in: bytes)
        return "; a trailing comma? (line \(comma.line), column \(comma.column))"
    }

    private static func error(_ reason: String, at offset: Int, in bytes: UnsafeRawBufferPointer) -> JSONParseError {
        var line = 1
        var lineStart = 0
        for index in 0..<offset where bytes[index] == UInt8(ascii: "\n") {
            line += 1
            lineStart = index + 1
        }
        return JSONParseError(reason: reason, offset: offset, line: line, column: offset - lineStart + 1)
    }
}

/// Builds values from yajl's events on flat stacks, so no nested value is copied while it grows.
private struct TreeBuilder {
    /// Finished values: the elements of every open container, in order.
    var values: [JSONValue] = []
    /// The elements of the container being closed, last first, on their way to it.
    private var reversed: [JSONValue] = []
    /// The member names of the object being closed, last first, on their way to it.
    private var reversedNames: [String] = []
    /// Member names of every open object, in order; one per member value.
    var names: [String] = []
    /// Open containers: where their values start on the stack (an object's names are as many, on top of `names`).
    var frames: [(values: Int, isObject: Bool)] = []
    /// Set when the builder, not yajl, stopped the parse.
    var failure: String?
    /// Where yajl is in the text.
    var position: YAJLPosition
    /// Where the top value ends, once it is complete.
    var valueEnd: Int?
    /// The top object's member whose array elements go to a function instead of into the tree, and the function.
    var streamed: (name: String, element: (JSONValue) -> Void)?
    /// How many containers are open while the streamed array is the innermost one (2: the top object and it); else
    /// a depth no container has.
    private var streamingDepth = -1
    /// Repeated strings, stored once.
    private var table: StringTable

    init(textSize: Int) {
        table = StringTable(textSize: textSize)
        position = YAJLPosition(textSize: textSize)
    }

    /// Notes where the top value ends; called when the value just finished is it (once a parse, out of line so that
    /// what every value runs stays small).
    @inline(never)
    private mutating func finishedTopValue() {
        valueEnd = position.end
    }

    static func from(_ context: UnsafeMutableRawPointer?) -> UnsafeMutablePointer<TreeBuilder> {
        // yajl hands back the context given to yajl_alloc, which is never nil.
        context.unsafelyUnwrapped.assumingMemoryBound(to: TreeBuilder.self)
    }

    static func string(_ text: UnsafePointer<some BinaryInteger>?, _ count: Int) -> String {
        guard let text, count > 0 else { return "" }
        return text.withMemoryRebound(to: UInt8.self, capacity: count) {
            String(decoding: UnsafeBufferPointer(start: $0, count: count), as: UTF8.self)
        }
    }

    /// A string or member name, sharing the storage of an equal one seen before.
    mutating func shared(_ text: UnsafePointer<UInt8>?, _ count: Int) -> String {
        guard let text, count > 0 else { return "" }
        return table.string(UnsafeBufferPointer(start: text, count: count))
    }

    mutating func push(_ value: consuming JSONValue) -> Int32 {
        if frames.count == streamingDepth {
            streamed?.element(value)
            return 1
        }
        values.append(value)
        if frames.isEmpty { finishedTopValue() }
        return 1
    }

    mutating func open(isObject: Bool) -> Int32 {
        guard frames.count < JSONValue.maximumDepth else {
            failure = "nesting deeper than \(JSONValue.maximumDepth) levels"
            return 0
        }
        // An array opened as a member value of the top object, named as the streamed member, is the streamed one.
        if !isObject, frames.count == 1, let streamed, frames[0].isObject, names.last == streamed.name {
            streamingDepth = 2
        }
        frames.append((values.count, isObject))
        return 1
    }

    mutating func close() -> Int32 {
        if frames.count == streamingDepth { streamingDepth = -1 }
        let frame = frames.removeLast()
        // The elements are moved, not copied: off the top of the stacks onto `reversed`, last first, and off that
        // into place. A move neither retains nor releases; copying them out and then shrinking the stacks did both,
        // for every value parsed.
        let count = values.count - frame.values
        for _ in 0..<count { reversed.append(values.removeLast()) }
        let closed: JSONValue
        if frame.isObject {
            for _ in 0..<count { reversedNames.append(names.removeLast()) }
            var members: [JSONMember] = []
            members.reserveCapacity(count)
            for _ in 0..<count { members.append(JSONMember(reversedNames.removeLast(), reversed.removeLast())) }
            closed = .object(members)
        } else {
            var elements: [JSONValue] = []
            elements.reserveCapacity(count)
            for _ in 0..<count { elements.append(reversed.removeLast()) }
            closed = .array(elements)
        }
        return push(closed)
    }
}
