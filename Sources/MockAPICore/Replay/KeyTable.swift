/// Request keys to queue numbers: each distinct key stored once, in queue order, and an open-addressing table of
/// 32-bit queue numbers over them. A `[RequestKey: Int]` sized for 100,000 keys kept 262,144 buckets of a 64-byte key
/// and an `Int` each (about 19 MB) beside a second copy of every key; this keeps the keys once and 4 bytes a slot.
struct KeyTable: Sendable {
    /// The key of each queue, by queue number.
    let keys: [RequestKey]
    /// Queue number + 1 at each slot; 0 for an empty slot. At most half full.
    private let slots: [UInt32]

    /// The table for a list of keys, and the queue each of them joins: equal keys share a queue; queues are numbered
    /// in the order of their first key. `hashes` holds each key's `hashValue` (made on all cores, as the keys are:
    /// this runs on one thread).
    static func grouping(_ entryKeys: [RequestKey], hashes: [Int]) -> (table: KeyTable, entryQueues: [Int]) {
        precondition(hashes.count == entryKeys.count, "a hash for each key")
        let count = entryKeys.count
        var capacity = 16
        while capacity < count * 2 { capacity *= 2 }
        var slots = [UInt32](repeating: 0, count: capacity)
        // Each queue's first entry, by queue number.
        var firstEntries: [Int] = []
        var entryQueues: [Int] = []
        entryQueues.reserveCapacity(count)
        for index in 0..<count {
            var slot = hashes[index] & (capacity - 1)
            while true {
                let stored = Int(slots[slot])
                if stored == 0 {
                    slots[slot] = UInt32(firstEntries.count + 1)
                    entryQueues.append(firstEntries.count)
                    firstEntries.append(index)
                    break
                }
                let first = firstEntries[stored - 1]
                if hashes[first] == hashes[index], entryKeys[first] == entryKeys[index] {
                    entryQueues.append(stored - 1)
                    break
                }
                slot = (slot + 1) & (capacity - 1)
            }
        }
        // When no key repeats, the list given is the table's as it is.
        let keys = firstEntries.count == count ? entryKeys : firstEntries.map { entryKeys[$0] }
        return (KeyTable(keys: keys, slots: slots), entryQueues)
    }

    /// The queue of a key: its hash, then the keys in the slots from there up to an empty one.
    func queue(for key: RequestKey) -> Int? {
        let mask = slots.count - 1
        var slot = key.hashValue & mask
        while true {
            let stored = Int(slots[slot])
            if stored == 0 { return nil }
            if keys[stored - 1] == key { return stored - 1 }
            slot = (slot + 1) & mask
        }
    }
}
