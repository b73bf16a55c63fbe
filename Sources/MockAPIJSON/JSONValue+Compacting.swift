extension JSONValue {
    /// The compact form of a value from its pretty form (``writePretty(into:indent:)``): the whitespace between tokens
    /// dropped, strings and numbers copied as they are. The same bytes as ``writeCompact(into:)`` for the same value,
    /// for a fraction of the cost: a recorder writes each interaction both ways.
    ///
    /// Only for text this module wrote: in other JSON, a string may be escaped differently than the compact form
    /// escapes it, and the result would still be JSON but not these bytes.
    public static func compacting(pretty: [UInt8]) -> [UInt8] {
        pretty.withUnsafeBufferPointer { bytes in
            [UInt8](unsafeUninitializedCapacity: bytes.count) { output, written in
                written = 0
                guard let source = bytes.baseAddress, let target = output.baseAddress else { return }
                let count = bytes.count
                var index = 0
                while index < count {
                    let byte = source[index]
                    switch byte {
                    case UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\t"), UInt8(ascii: "\r"):
                        index += 1
                    case UInt8(ascii: "\""):
                        let end = stringEnd(source, count: count, openingQuote: index)
                        (target + written).initialize(from: source + index, count: end - index)
                        written += end - index
                        index = end
                    default:
                        (target + written).initialize(to: byte)
                        written += 1
                        index += 1
                    }
                }
            }
        }
    }

    /// The offset just past the closing quote of the string whose opening quote is at `openingQuote` (or `count` when
    /// the text ends first).
    private static func stringEnd(_ base: UnsafePointer<UInt8>, count: Int, openingQuote: Int) -> Int {
        var index = openingQuote + 1
        while index < count {
            switch base[index] {
            case UInt8(ascii: "\""): return index + 1
            case UInt8(ascii: "\\"): index += 2
            default: index += 1
            }
        }
        return count
    }
}
