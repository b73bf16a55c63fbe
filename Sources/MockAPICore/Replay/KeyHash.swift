/// The hash ``KeyTable`` files a ``RequestKey`` under, computed from the key's bytes eight at a time. Swift's `Hasher`
/// (SipHash) over the same fields cost about 700 instructions a request, a tenth of mockapi's own work in serving one.
///
/// Equal keys always hash alike. `==` on strings is Unicode canonical equivalence, which for ASCII text is byte equality;
/// a string with a byte above 0x7F is hashed through `Hasher` instead, which respects the equivalence. Keys come from
/// cassettes and from requests on a socket the user opened, not from an adversary choosing collisions.
struct KeyHash {
    private var state: UInt64 = 0x243F_6A88_85A3_08D3

    static func of(_ key: RequestKey) -> Int {
        var hash = KeyHash(method: key.method, path: key.path)
        hash.add(UInt64(key.query.count))
        for parameter in key.query {
            hash.add(parameter.name)
            hash.add(parameter.value)
        }
        switch key.body {
        case .none: hash.add(0)
        case .json(let bytes): hash.add(1); hash.add(bytes)
        case .form(let pairs):
            hash.add(2)
            hash.add(UInt64(pairs.count))
            for pair in pairs {
                hash.add(pair.name)
                hash.add(pair.value)
            }
        case .bytes(let bytes): hash.add(3); hash.add(bytes)
        case .graphQL(let graphQL):
            hash.add(4)
            hash.add(graphQL.operation)
            hash.add(graphQL.document)
            hash.add(graphQL.variables)
            hash.add(graphQL.otherMembers)
        }
        for header in key.headers {
            if let header { hash.add(header) } else { hash.add(UInt64.max) }
        }
        return Int(truncatingIfNeeded: hash.finished)
    }

    /// `of(_:)` of the key that holds only a method and a path (no query, body or chosen header; see
    /// ``RequestKey/isBare(method:path:)``), without that key being made.
    static func ofBare(method: String, path: String) -> Int {
        var hash = KeyHash(method: method, path: path)
        hash.add(0) // no query parameter
        hash.add(0) // no body
        return Int(truncatingIfNeeded: hash.finished)
    }

    private init(method: String, path: String) {
        add(method)
        add(path)
    }

    private mutating func add(_ word: UInt64) {
        state = (state ^ word) &* 0x9E37_79B9_7F4A_7C15
        state ^= state >> 29
    }

    private mutating func add(_ bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { _ = add(UnsafeRawBufferPointer($0)) }
    }

    #if os(Linux)
    @section(".text.hot")
    #endif
    private mutating func add(_ string: String) {
        var withBytes = self
        // Read in place: a copy to call `withUTF8` on retained and released the string. Only a string not stored as
        // contiguous UTF-8 (none that a key holds, on Linux) is copied into that form first.
        var ascii = string.utf8.withContiguousStorageIfAvailable { withBytes.add(UnsafeRawBufferPointer($0)) }
        if ascii == nil {
            var native = string
            ascii = native.withUTF8 { withBytes.add(UnsafeRawBufferPointer($0)) }
        }
        if ascii == true {
            self = withBytes
        } else {
            // Not its bytes: a canonically equivalent string may have others.
            add(UInt64(UInt(bitPattern: string.hashValue)))
        }
    }

    /// Adds the length and the bytes; whether every byte is ASCII.
    #if os(Linux)
    @section(".text.hot")
    #endif
    private mutating func add(_ bytes: UnsafeRawBufferPointer) -> Bool {
        add(UInt64(bytes.count))
        var high: UInt64 = 0
        var offset = 0
        while offset + 8 <= bytes.count {
            let word = bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            high |= word
            add(word)
            offset += 8
        }
        if offset < bytes.count {
            var tail: UInt64 = 0
            if bytes.count >= 8 {
                // The last eight bytes, shifted so that only the ones after the last whole word are left: the same
                // little-endian word as the loop below builds, in one load.
                let last = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: bytes.count - 8, as: UInt64.self))
                tail = last >> (8 * UInt64(8 - (bytes.count - offset)))
            } else {
                for index in offset..<bytes.count { tail |= UInt64(bytes[index]) << (8 * UInt64(index - offset)) }
            }
            high |= tail
            add(tail)
        }
        return high & 0x8080_8080_8080_8080 == 0
    }

    /// The state mixed once more, so that every bit of it reaches the low bits a table slot is chosen by.
    private var finished: UInt64 {
        var mixed = state
        mixed ^= mixed >> 33
        mixed &*= 0xFF51_AFD7_ED55_8CCD
        mixed ^= mixed >> 33
        mixed &*= 0xC4CE_B9FE_1A85_EC53
        mixed ^= mixed >> 33
        return mixed
    }
}
