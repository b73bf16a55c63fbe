import CZlib

/// zlib's inflate over a whole body in memory.
enum Inflater {
    static let chunkSize = 1 << 16

    /// - Parameter windowBits: 15 for a zlib stream, 15 + 16 for gzip, -15 for raw deflate.
    static func inflate(_ input: [UInt8], windowBits: Int32, coding: String, limit: Int) throws(ContentDecodingError) -> [UInt8] {
        var stream = z_stream()
        guard mockapi_inflate_init(&stream, windowBits) == Z_OK else {
            throw .corrupt(coding: coding, reason: "zlib could not start (out of memory)")
        }
        defer { inflateEnd(&stream) }
        var output: [UInt8] = []
        output.reserveCapacity(min(input.count * 4, limit))
        var chunk = [UInt8](repeating: 0, count: chunkSize)
        let outcome: Result<Void, ContentDecodingError> = input.withUnsafeBufferPointer { source in
            stream.next_in = UnsafeMutablePointer(mutating: source.baseAddress)
            stream.avail_in = uInt(source.count)
            while true {
                let status = chunk.withUnsafeMutableBufferPointer { target in
                    stream.next_out = target.baseAddress
                    stream.avail_out = uInt(target.count)
                    return CZlib.inflate(&stream, Z_NO_FLUSH)
                }
                let produced = chunkSize - Int(stream.avail_out)
                if output.count + produced > limit { return .failure(.tooLarge(coding: coding, limit: limit)) }
                output.append(contentsOf: chunk[0..<produced])
                switch status {
                case Z_STREAM_END:
                    // gzip allows several members one after another (RFC 1952 §2.2); decode them all.
                    guard stream.avail_in > 0, windowBits > 15 else { return .success(()) }
                    guard inflateReset(&stream) == Z_OK else { return .failure(.corrupt(coding: coding, reason: "reset failed")) }
                case Z_OK:
                    continue
                case Z_BUF_ERROR where stream.avail_in == 0:
                    return .failure(.truncated(coding: coding))
                case Z_BUF_ERROR:
                    continue
                default:
                    let reason = stream.msg.map { String(cString: $0) } ?? "zlib status \(status)"
                    return .failure(.corrupt(coding: coding, reason: reason))
                }
            }
        }
        try outcome.get()
        return output
    }
}
