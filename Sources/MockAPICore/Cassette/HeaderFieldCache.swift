import MockAPIJSON

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The header fields of one cassette text, each distinct `[name, value]` checked (``Validate/isHeaderField(name:value:)``,
/// the bytes form of ``Validate/headerProblem(name:value:)``) and made into strings once. Recordings repeat most of
/// their header fields in every interaction (`content-type`, `cache-control`, the rate-limit names): making and checking
/// them at every occurrence was about a sixth of loading a large set.
///
/// Direct-mapped by a hash of a few words of the bytes: a field whose slot holds another one takes the slot over. A hit
/// is confirmed by comparing all the bytes, so a collision costs a miss, never a wrong field; and a field given from
/// here is equal to one made afresh, so nothing a reader sees depends on what is cached.
struct HeaderFieldCache {
    /// Per slot: the bytes a cached field was made from, and the field. The bytes are the tokens' own, which live as
    /// long as the text is read (this cache does not outlive ``CassetteTokens``); comparing them costs less than
    /// reaching a String's. Kept in three arrays rather than one of optional entries: looking an entry up copied it
    /// (a retain and release of its strings) through the generic value witnesses.
    private var names: [UnsafeBufferPointer<UInt8>] = []
    private var values: [UnsafeBufferPointer<UInt8>] = []
    private var fields: [HTTPHeaders.Field?] = []
    private let slotCount: Int

    /// - Parameter textSize: the size of the cassette text, which sizes the table.
    init(textSize: Int) {
        var count = 64
        // About one slot per 512 bytes of text (1,000-2,000 fields per 190 KB cassette, a third of them unique):
        // making the slots costs about as much as a miss, so more would not pay.
        while count < 4096, count * 512 < textSize { count *= 2 }
        slotCount = count
    }

    /// The field for these bytes, or nil when it is not a valid header field.
    mutating func field(
        name: UnsafeBufferPointer<UInt8>, value: UnsafeBufferPointer<UInt8>, strings: inout StringTable
    ) -> HTTPHeaders.Field? {
        if fields.isEmpty {
            let none = UnsafeBufferPointer<UInt8>(start: nil, count: 0)
            names = Array(repeating: none, count: slotCount)
            values = names
            fields = Array(repeating: nil, count: slotCount)
        }
        let slot = Int(truncatingIfNeeded: HeaderFieldCache.hash(name, value)) & (slotCount - 1)
        if HeaderFieldCache.equal(names[slot], name), HeaderFieldCache.equal(values[slot], value), let known = fields[slot] {
            return known
        }
        guard Validate.isHeaderField(name: name.span, value: value.span) else { return nil }
        // Names through the table, which shares them among fields of one name (`x-ratelimit-remaining` with each of
        // its values); a value that misses here is mostly one of a kind (a date, an id), which the table would only
        // hash and store.
        let made = HTTPHeaders.Field(strings.string(name), String(decoding: value, as: UTF8.self))
        names[slot] = name
        values[slot] = value
        fields[slot] = made
        return made
    }

    /// Mixes the lengths and up to three 8-byte words of each part (first, middle, last): the parts that vary among
    /// fields of one name (a date, an id, a counter) vary within those words or in length often enough for a cache.
    private static func hash(_ name: UnsafeBufferPointer<UInt8>, _ value: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var hash = UInt64(truncatingIfNeeded: name.count &* 31 &+ value.count) &* 0x9E37_79B9_7F4A_7C15
        mix(name, into: &hash)
        mix(value, into: &hash)
        return hash ^ (hash >> 29)
    }

    private static func mix(_ bytes: UnsafeBufferPointer<UInt8>, into hash: inout UInt64) {
        guard let base = bytes.baseAddress else { return }
        let raw = UnsafeRawPointer(base)
        let count = bytes.count
        if count >= 8 {
            word(raw, at: 0, into: &hash)
            word(raw, at: (count - 8) / 2, into: &hash)
            word(raw, at: count - 8, into: &hash)
        } else {
            for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x0100_0000_01B3 }
        }
    }

    private static func word(_ raw: UnsafeRawPointer, at offset: Int, into hash: inout UInt64) {
        hash = (hash ^ raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) &* 0x9E37_79B9_7F4A_7C15
        hash ^= hash >> 32
    }

    private static func equal(_ stored: UnsafeBufferPointer<UInt8>, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        stored.count == bytes.count
            && (bytes.isEmpty || memcmp(stored.baseAddress!, bytes.baseAddress!, bytes.count) == 0)
    }
}
