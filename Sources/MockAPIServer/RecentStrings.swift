#if canImport(Glibc)
import Glibc
#endif

/// The strings a worker thread made lately from request targets, handed out again when the same bytes come back: a
/// test client asks for the same few paths over and over, and a path of 16 bytes or more is a heap string. Making one
/// was a `malloc`, a UTF-8 check and a copy on every request, and letting it go (once the journal's ring drops the
/// entry that holds it) a `free`: 2.5 KiB of code run on every request, and about 0.3 µs of the 19.5 a request cost
/// at one connection (`wrk -c1`, the server's CPU time).
///
/// One cache for each thread, reached through thread-specific storage: only its own thread reads or writes it, so it
/// takes no lock, and the strings it hands out are counted by that thread alone while the request is answered. A slot
/// is chosen by a hash of the bytes and holds the last string made for it; a string is reused only when its UTF-8 is
/// byte for byte the bytes asked for, so a clash of hashes costs a new string, never a wrong one.
final class RecentStrings {
    /// Strings this short are stored inside the `String` value itself: nothing to save.
    private static let smallLength = 15
    /// Longer ones are made each time rather than kept.
    private static let largestKept = 1024
    private static let slotBits = 6
    private static let slotCount = 1 << slotBits

    private let slots: UnsafeMutablePointer<String?>

    private init() {
        slots = .allocate(capacity: RecentStrings.slotCount)
        slots.initialize(repeating: nil, count: RecentStrings.slotCount)
    }

    deinit {
        slots.deinitialize(count: RecentStrings.slotCount)
        slots.deallocate()
    }

    /// `String(decoding: bytes, as: UTF8.self)`: the one the calling thread made last time for the same bytes, when
    /// it still has it.
    static func string(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        // Borrowed: the thread's storage holds the cache until the thread exits.
        Unmanaged<RecentStrings>.fromOpaque(current)._withUnsafeGuaranteedRef { $0.string(bytes) }
    }

    @section(".text.hot")
    private func string(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        let count = bytes.count
        guard count > RecentStrings.smallLength, count <= RecentStrings.largestKept, let base = bytes.baseAddress else {
            return String(decoding: bytes, as: UTF8.self)
        }
        let slot = slots + RecentStrings.slot(base, count)
        if let kept = slot.pointee, kept.utf8.count == count,
            kept.utf8.withContiguousStorageIfAvailable({ memcmp($0.baseAddress!, base, count) == 0 }) == true
        {
            return kept
        }
        let made = String(decoding: bytes, as: UTF8.self)
        slot.pointee = made
        return made
    }

    /// A slot for `count` (more than 8) bytes at `base`, from all of them, eight at a time (the last word may overlap
    /// the one before): paths that share a prefix and a suffix (`/repos/o/r/issues/1/comments`, `…/2/comments`)
    /// differ anywhere. A multiply carries every bit of a word into the top bits, which choose the slot.
    @inline(__always)
    private static func slot(_ base: UnsafePointer<UInt8>, _ count: Int) -> Int {
        let raw = UnsafeRawPointer(base)
        var mixed = UInt64(count)
        var offset = 0
        while offset + 8 < count {
            mixed = (mixed ^ raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) &* 0x9E37_79B9_7F4A_7C15
            offset += 8
        }
        mixed = (mixed ^ raw.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)) &* 0x9E37_79B9_7F4A_7C15
        return Int(truncatingIfNeeded: mixed >> (64 - UInt64(slotBits)))
    }

    /// The calling thread's cache, made the first time the thread asks and released when it exits.
    @inline(__always)
    private static var current: UnsafeMutableRawPointer {
        pthread_getspecific(key) ?? makeCurrent()
    }

    @inline(never)
    private static func makeCurrent() -> UnsafeMutableRawPointer {
        let made = Unmanaged.passRetained(RecentStrings()).toOpaque()
        pthread_setspecific(key, made)
        return made
    }

    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        precondition(
            pthread_key_create(&key) { stored in
                if let stored { Unmanaged<RecentStrings>.fromOpaque(stored).release() }
            } == 0, "no thread-specific storage key left")
        return key
    }()
}
