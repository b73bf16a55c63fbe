#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Name fragments (`token`, `secret`), looked for in a name in one pass over its bytes: a fragment is compared only
/// where the name has a byte one starts with. Redaction asks about every header name and JSON member name it meets,
/// and most contain none.
struct FragmentSet: Sendable, Equatable {
    private let fragments: [[UInt8]]
    /// For each byte, the fragments (indices, in rule order) that start with it.
    private let byFirstByte: [[Int]]

    init(_ fragments: [String]) {
        self.fragments = fragments.map { Array($0.utf8) }
        var byFirstByte = [[Int]](repeating: [], count: 256)
        for (index, fragment) in self.fragments.enumerated() {
            if let first = fragment.first { byFirstByte[Int(first)].append(index) }
        }
        self.byFirstByte = byFirstByte
    }

    /// The index of the first fragment, in rule order, that `name` contains byte for byte.
    func firstIndex(in name: String) -> Int? {
        guard !fragments.isEmpty else { return nil }
        var name = name
        return name.withUTF8 { bytes -> Int? in
            var found: Int?
            for offset in bytes.indices {
                for index in byFirstByte[Int(bytes[offset])] where index < (found ?? .max) {
                    let fragment = fragments[index]
                    guard offset + fragment.count <= bytes.count else { continue }
                    if fragment.withUnsafeBufferPointer({ memcmp(bytes.baseAddress! + offset, $0.baseAddress!, $0.count) }) == 0 {
                        found = index
                    }
                }
            }
            return found
        }
    }

    func contains(in name: String) -> Bool { firstIndex(in: name) != nil }
}
