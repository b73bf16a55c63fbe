/// One thread's copies of strings that every thread reads, such as cassette names, for values that thread keeps: a
/// value holding a shared string writes the string's reference count when it is made and when it goes, and when
/// several threads do that on every request, the count's cache line moves between their cores each time. A copy made
/// by this thread has a count only this thread writes.
///
/// A few slots, each for the last string asked for in it. A slot knows its string by the string's bits (its storage
/// and length) and holds that string, so that its storage is not freed and reused for another string while the slot
/// knows it; asked for another string, the slot makes a copy again.
struct ThreadCopies {
    private static let slotCount = 16
    /// Each slot's string's two words, compared without touching the string's storage.
    private var bits = [UInt64](repeating: 0, count: 2 * ThreadCopies.slotCount)
    /// Each slot's string itself, held and never read here.
    private var held = [String](repeating: "", count: ThreadCopies.slotCount)
    private var copies = [String](repeating: "", count: ThreadCopies.slotCount)

    init() {
        let empty = ThreadCopies.words("")
        for slot in 0..<ThreadCopies.slotCount {
            bits[2 * slot] = empty.0
            bits[2 * slot + 1] = empty.1
        }
    }

    /// A string equal to `shared`, held by this thread alone. `slot`: any number that tends to differ between the
    /// strings asked for (a cassette's number).
    @inline(__always)
    mutating func copy(of shared: borrowing String, slot: Int) -> String {
        let slot = slot & (ThreadCopies.slotCount - 1)
        let words = ThreadCopies.words(shared)
        if bits[2 * slot] == words.0, bits[2 * slot + 1] == words.1 { return copies[slot] }
        return made(from: shared, words: words, slot: slot)
    }

    @inline(never)
    private mutating func made(from shared: borrowing String, words: (UInt64, UInt64), slot: Int) -> String {
        // Decoded from bytes into storage of its own; assigning `shared` would share its storage.
        let copy = String(decoding: Array(shared.utf8), as: UTF8.self)
        bits[2 * slot] = words.0
        bits[2 * slot + 1] = words.1
        held[slot] = copy shared
        copies[slot] = copy
        return copy
    }

    @inline(__always)
    private static func words(_ string: borrowing String) -> (UInt64, UInt64) {
        unsafeBitCast(copy string, to: (UInt64, UInt64).self)
    }
}
