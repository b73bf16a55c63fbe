import CYAJL

/// Where yajl is in a text it parses, for a callback that wants the offset just past the value it reports: yajl's
/// count of bytes read, or, in `yajl_complete_parse` (which reads a buffer of its own, to end a number that ends the
/// text), the text's end. Shared by the tree parse and ``JSONValue/scalarRanges(in:)``.
struct YAJLPosition {
    /// Set once the parse is allocated.
    var handle: yajl_handle?
    /// Set before `yajl_complete_parse`.
    var completing = false
    let textSize: Int

    init(textSize: Int) {
        self.textSize = textSize
    }

    /// The offset just past the value yajl reports now.
    var end: Int {
        completing ? textSize : min(yajl_get_bytes_consumed(handle), textSize)
    }
}
