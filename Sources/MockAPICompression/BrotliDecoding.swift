import CBrotli

/// The `br` content coding through libbrotli.
enum BrotliDecoding {
    static func decode(_ input: [UInt8], limit: Int) throws(ContentDecodingError) -> [UInt8] {
        guard let state = BrotliDecoderCreateInstance(nil, nil, nil) else {
            throw .corrupt(coding: "br", reason: "brotli could not start (out of memory)")
        }
        defer { BrotliDecoderDestroyInstance(state) }
        var output: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: Inflater.chunkSize)
        let outcome: Result<Void, ContentDecodingError> = input.withUnsafeBufferPointer { source in
            var availableIn = source.count
            var nextIn = source.baseAddress
            while true {
                var availableOut = chunk.count
                let result = chunk.withUnsafeMutableBufferPointer { target in
                    var nextOut = target.baseAddress
                    return BrotliDecoderDecompressStream(state, &availableIn, &nextIn, &availableOut, &nextOut, nil)
                }
                let produced = chunk.count - availableOut
                if output.count + produced > limit { return .failure(.tooLarge(coding: "br", limit: limit)) }
                output.append(contentsOf: chunk[0..<produced])
                switch result {
                case BROTLI_DECODER_RESULT_SUCCESS:
                    return .success(())
                case BROTLI_DECODER_RESULT_NEEDS_MORE_OUTPUT:
                    continue
                case BROTLI_DECODER_RESULT_NEEDS_MORE_INPUT:
                    return .failure(.truncated(coding: "br"))
                default:
                    let code = BrotliDecoderGetErrorCode(state)
                    let reason = BrotliDecoderErrorString(code).map { String(cString: $0) } ?? "brotli error \(code.rawValue)"
                    return .failure(.corrupt(coding: "br", reason: reason))
                }
            }
        }
        try outcome.get()
        return output
    }

    static func encode(_ input: [UInt8], quality: Int32 = 5) -> [UInt8] {
        var size = BrotliEncoderMaxCompressedSize(input.count)
        if size == 0 { size = input.count + 1024 }
        var output = [UInt8](repeating: 0, count: size)
        let succeeded = input.withUnsafeBufferPointer { source in
            output.withUnsafeMutableBufferPointer { target in
                BrotliEncoderCompress(
                    quality, BROTLI_DEFAULT_WINDOW, BROTLI_MODE_GENERIC, source.count, source.baseAddress, &size,
                    target.baseAddress)
            }
        }
        return succeeded == BROTLI_TRUE ? Array(output[0..<size]) : []
    }
}
