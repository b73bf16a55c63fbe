import CZlib

/// zlib compression, the inverse of ``Inflater``: what ``ContentEncoder`` uses for gzip and deflate.
enum Deflater {
    /// Compresses with zlib: `windowBits` 15 + 16 gives gzip, 15 a zlib stream, -15 raw deflate. For tests and tools.
    static func compress(_ input: [UInt8], windowBits: Int32, level: Int32 = 6) -> [UInt8] {
        var stream = z_stream()
        guard mockapi_deflate_init(&stream, level, windowBits) == Z_OK else { return [] }
        defer { deflateEnd(&stream) }
        var output = [UInt8](repeating: 0, count: Int(deflateBound(&stream, uLong(input.count))) + 32)
        let written: Int = input.withUnsafeBufferPointer { source in
            output.withUnsafeMutableBufferPointer { target in
                stream.next_in = UnsafeMutablePointer(mutating: source.baseAddress)
                stream.avail_in = uInt(source.count)
                stream.next_out = target.baseAddress
                stream.avail_out = uInt(target.count)
                guard CZlib.deflate(&stream, Z_FINISH) == Z_STREAM_END else { return 0 }
                return target.count - Int(stream.avail_out)
            }
        }
        return Array(output[0..<written])
    }
}
