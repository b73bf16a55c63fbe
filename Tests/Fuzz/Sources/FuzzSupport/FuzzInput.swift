import CLibFuzzer

/// Cuts a fuzzer's input into the parts a target needs. Every input is accepted: missing parts are empty.
public struct FuzzInput {
    public private(set) var rest: ArraySlice<UInt8>

    public init(_ data: UnsafePointer<UInt8>?, _ count: Int) {
        guard let data, count > 0 else {
            rest = []
            return
        }
        rest = ArraySlice(UnsafeBufferPointer(start: data, count: count))
    }

    public init(_ bytes: [UInt8]) {
        rest = bytes[...]
    }

    /// The bytes up to the next line feed (which is consumed), or all that is left.
    public mutating func line() -> [UInt8] {
        guard let end = rest.firstIndex(of: 0x0A) else {
            defer { rest = [] }
            return Array(rest)
        }
        defer { rest = rest[(end + 1)...] }
        return Array(rest[..<end])
    }

    /// The next line as text (invalid UTF-8 repaired, as the server does with raw targets), without a final CR.
    public mutating func text() -> String {
        var bytes = line()
        if bytes.last == 0x0D { bytes.removeLast() }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Everything not taken yet.
    public mutating func remainder() -> [UInt8] {
        defer { rest = [] }
        return Array(rest)
    }
}

/// Stops the fuzzer with a message: libFuzzer reports the trap as a crash and saves the input that caused it.
public func fuzzFailure(_ message: String) -> Never {
    fatalError("fuzz property violated: \(message)")
}

/// A fuzz target's test function, as libFuzzer calls it.
public typealias FuzzTest = @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt

/// Runs libFuzzer's driver over `test` with the process's arguments. SwiftPM links an executable target with its
/// entry point renamed to `<Target>_main`, so each target defines that and calls this.
public func runFuzzer(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?, _ test: FuzzTest) -> CInt {
    var count = argc
    var arguments = argv
    return LLVMFuzzerRunDriver(&count, &arguments, test)
}
