/// Strings kept where they can be lent without being copied: ``pointer(to:)`` gives a string's place, valid as long
/// as the owner of this value lives. Read from an array, an element is copied out, a retain and a release; for a string
/// that several worker threads read on every request (a cassette's name, for the journal), that is a write to one
/// cache line from every core.
struct LentStrings: ~Copyable, Sendable {
    // Sendable: never written after init; freed only in deinit.
    private nonisolated(unsafe) let storage: UnsafeMutableBufferPointer<String>

    init(_ strings: some Collection<String>) {
        storage = .allocate(capacity: strings.count)
        _ = storage.initialize(from: strings)
    }

    deinit {
        storage.deinitialize()
        storage.deallocate()
    }

    /// Where string `index` is.
    func pointer(to index: Int) -> UnsafePointer<String> {
        precondition(storage.indices.contains(index), "no string \(index) among \(storage.count)")
        return UnsafePointer(storage.baseAddress! + index)
    }
}
