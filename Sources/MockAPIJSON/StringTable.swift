import Glibc

/// The strings of one JSON text, each distinct string of middling length stored once. Recordings repeat the same header
/// names and values in every interaction: sharing their storage keeps a loaded cassette set near the size of its files.
///
/// Direct-mapped by a hash of the bytes: a string whose slot holds another one takes the slot over. Equal strings
/// share storage or not; either way they are equal, so nothing a reader sees depends on it.
package struct StringTable {
    /// Up to 15 UTF-8 bytes a `String` holds its bytes inline, with no storage to share; long strings (the prose of a
    /// body) seldom repeat and are not worth hashing.
    static let shared = 16...96

    private var slots: [String?] = []
    private let slotCount: Int

    /// - Parameter textSize: the size of the JSON text, which sizes the table (a small body gets a small table).
    package init(textSize: Int) {
        var count = 64
        while count < 4096, count * 512 < textSize { count *= 2 }
        slotCount = count
    }

    package mutating func string(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        guard StringTable.shared.contains(bytes.count) else { return String(decoding: bytes, as: UTF8.self) }
        if slots.isEmpty { slots = Array(repeating: nil, count: slotCount) }
        let slot = Int(truncatingIfNeeded: StringTable.hash(bytes)) & (slotCount - 1)
        if let known = slots[slot], StringTable.equal(known, bytes) { return known }
        let made = String(decoding: bytes, as: UTF8.self)
        slots[slot] = made
        return made
    }

    /// A hash of the bytes taken eight at a time (a string here has at least 16): a byte at a time, it was most of
    /// the table's cost.
    private static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        let raw = UnsafeRawPointer(bytes.baseAddress!)
        let count = bytes.count
        var hash = UInt64(count) &* 0x9E37_79B9_7F4A_7C15
        var offset = 0
        while offset + 8 <= count {
            hash = (hash ^ raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) &* 0x9E37_79B9_7F4A_7C15
            hash ^= hash >> 32
            offset += 8
        }
        if offset < count {
            hash = (hash ^ raw.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)) &* 0x9E37_79B9_7F4A_7C15
            hash ^= hash >> 32
        }
        return hash
    }

    private static func equal(_ string: String, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        string.utf8.withContiguousStorageIfAvailable { stored in
            stored.count == bytes.count && (bytes.isEmpty || memcmp(stored.baseAddress!, bytes.baseAddress!, bytes.count) == 0)
        } ?? false
    }
}
