/// Name fragments (`token`, `secret`), looked for in a name in one pass over its bytes: a fragment is compared only
/// where the name has a byte one starts with. Redaction asks about every header name and JSON member name it meets,
/// and most contain none.
struct FragmentSet: Sendable, Equatable {
    private let fragments: [[UInt8]]
    /// For each byte, a bit for each of the first 64 fragments that starts with it (bit n: fragment n), so that a
    /// byte no fragment starts with costs one load; fragments after the 64th are looked for one by one.
    private let startingWith: [UInt64]

    init(_ fragments: [String]) {
        self.fragments = fragments.map { Array($0.utf8) }
        var startingWith = [UInt64](repeating: 0, count: 256)
        for (index, fragment) in self.fragments.prefix(64).enumerated() {
            if let first = fragment.first { startingWith[Int(first)] |= 1 << UInt64(index) }
        }
        self.startingWith = startingWith
    }

    /// The index of the first fragment, in rule order, that `name` contains byte for byte.
    func firstIndex(in name: String) -> Int? {
        guard !fragments.isEmpty else { return nil }
        return firstIndex(in: name.utf8.span)
    }

    func contains(in name: String) -> Bool { firstIndex(in: name) != nil }

    private func firstIndex(in bytes: Span<UInt8>) -> Int? {
        var found = Int.max
        for offset in bytes.indices {
            var candidates = startingWith[Int(bytes[offset])]
            // Lowest bit first: rule order. One found at an earlier offset may still lose to an earlier rule.
            while candidates != 0 {
                let index = candidates.trailingZeroBitCount
                guard index < found else { break }
                candidates &= candidates - 1
                if occurs(fragments[index], in: bytes, at: offset) {
                    found = index
                    break
                }
            }
        }
        if found != .max { return found }
        for index in fragments.indices.dropFirst(64) {
            for offset in bytes.indices where occurs(fragments[index], in: bytes, at: offset) { return index }
        }
        return nil
    }

    private func occurs(_ fragment: [UInt8], in bytes: Span<UInt8>, at offset: Int) -> Bool {
        guard !fragment.isEmpty, offset + fragment.count <= bytes.count else { return false }
        for index in fragment.indices where bytes[offset + index] != fragment[index] { return false }
        return true
    }
}
