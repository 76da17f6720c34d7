import JSON

/// The index of each declared id, looked up by its UTF-8 bytes: an open-addressing table, so
/// that resolving the items of every constraint costs a hash of its bytes and one comparison
/// instead of a `String` for each. The hash is Swift's `Hasher` (SipHash, seeded at random per
/// process; a word at a time, see ``ViewIDTable/hash(_:)``): the ids come from the request, and
/// with a fixed hash ids chosen to share a slot would make building and probing the table
/// quadratic (20,000 views, 200,000 lookups).
///
/// In front of it, for ASCII ids, a direct-mapped table by an unseeded mix of the bytes (`quick`):
/// a look-up first compares the key with the (at most two) ids in its quick slots, which finds
/// most ids without hashing them. Ids chosen to share quick slots only fall through to the seeded
/// table: two comparisons more each, never a longer probe. When every id is ASCII (nearly every
/// request), the seeded table holds only the ids that found their quick slots taken, so that
/// most tables are built without hashing an id.
///
/// Ids compare as `String`s do (canonical equivalence): the table holds each id's NFC bytes and
/// normalizes a looked-up key that is not ASCII (ASCII is its own NFC), so `\u{212A}` (Kelvin)
/// finds the view `K`, as a `[String: Int]` would. Immutable once made, so it is shared across
/// threads; its tables are unsafe buffers it owns, read without bounds checks.
final class ViewIDTable: @unchecked Sendable {
    /// The ids' bytes, one after another; id `k` is `bytes[starts[k]..<starts[k + 1]]`.
    private let bytes: UnsafeMutableBufferPointer<UInt8>
    private let starts: UnsafeMutableBufferPointer<Int>
    /// ``ViewIDTable/Words`` of each id's bytes in the table, compared before the bytes.
    private let words: UnsafeMutableBufferPointer<Words>
    /// The seeded table: `k + 1` for id `k`, 0 for an empty slot; the count is a power of two
    /// above twice the ids. It holds every id when one is not ASCII, else only those not in `quick`.
    private let slots: UnsafeMutableBufferPointer<Int32>
    /// By ``ViewIDTable/quickSlot(_:)`` or the slot beside it (`^ 1`; at least 256 slots and
    /// twice `slots`): `k + 1` for an ASCII id `k`, else 0. It holds no repeat of an id (a match
    /// is then the only one, its own bytes): when every id is ASCII a repeat goes in neither
    /// table, else the quick slots are filled only when no id repeats another.
    private let quick: UnsafeMutableBufferPointer<Int32>
    /// Whether each id is ASCII, so that its bytes in the table are its own.
    private let isASCII: [Bool]
    /// Whether the seeded table holds any id: when it holds none, an id not in its quick slots
    /// has no exact match, and ``ViewIDTable/exactIndex(of:)`` does not hash the key to find that
    /// out (a Masonry target `"card.left"` is first looked up whole).
    private var anySeeded = false
    /// The first id (in order) that repeats an earlier one (set once, while indexing).
    private(set) var firstDuplicate: Int?

    /// Indexes `ids`; the index of the first repeated id, if any, is `firstDuplicate` (a table
    /// with repeated ids finds one of them).
    init(_ ids: [String]) {
        // Each id's own bytes, or for one that is not ASCII its NFC bytes (which may be longer).
        var byteCapacity = max(ids.reduce(0) { $0 + $1.utf8.count }, 1)
        var bytes = UnsafeMutablePointer<UInt8>.allocate(capacity: byteCapacity)
        let starts = UnsafeMutableBufferPointer<Int>.allocate(capacity: ids.count + 1)
        var isASCII: [Bool] = []
        isASCII.reserveCapacity(ids.count)
        var end = 0
        starts.initializeElement(at: 0, to: 0)
        for (k, id) in ids.enumerated() {
            var id = id
            let ascii = id.withUTF8 { own in
                guard own.allSatisfy({ $0 < 0x80 }) else { return false }
                if let start = own.baseAddress {
                    (bytes + end).initialize(from: start, count: own.count)
                }
                end += own.count
                return true
            }
            if !ascii {
                let normalized = Array(id._nfcCodeUnits)
                if end + normalized.count > byteCapacity {
                    byteCapacity = 2 * (end + normalized.count)
                    let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: byteCapacity)
                    grown.moveInitialize(from: bytes, count: end)
                    bytes.deallocate()
                    bytes = grown
                }
                (bytes + end).initialize(from: normalized, count: normalized.count)
                end += normalized.count
            }
            isASCII.append(ascii)
            starts.initializeElement(at: k + 1, to: end)
        }
        self.bytes = UnsafeMutableBufferPointer(start: bytes, count: end)
        self.starts = starts
        var capacity = 4
        while capacity < 2 * ids.count { capacity *= 2 }
        slots = .allocate(capacity: capacity)
        slots.initialize(repeating: 0)
        quick = .allocate(capacity: max(256, 2 * capacity))
        quick.initialize(repeating: 0)
        self.isASCII = isASCII
        words = .allocate(capacity: ids.count)
        for k in 0..<ids.count {
            words.initializeElement(at: k, to: Words(id(k)))
        }
        if isASCII.allSatisfy({ $0 }) {
            // Every id is its own bytes: each goes in its quick slots, and only one that finds
            // both taken by others goes in the seeded table (so most tables hash no id). A repeat
            // of an id in its quick slots is found there; a repeat of one that went on to the
            // seeded table finds the same slots taken, and that one in the seeded table.
            for k in 0..<ids.count {
                if quickIndex(of: id(k), words[k]) != nil {
                    if firstDuplicate == nil { firstDuplicate = k }
                } else if !insertQuick(k) {
                    insertSeeded(k)
                }
            }
        } else {
            // An id that is not ASCII may be canonically equivalent to one that is: every id goes
            // in the seeded table, and the quick slots take the ASCII ones when none repeats.
            for k in 0..<ids.count { insertSeeded(k) }
            if firstDuplicate == nil {
                for k in 0..<ids.count where isASCII[k] { insertQuick(k) }
            }
        }
    }

    /// Puts the ASCII id `k` in its quick slots when one of the two is free; whether it did.
    @discardableResult
    private func insertQuick(_ k: Int) -> Bool {
        let slot = Self.quickSlot(words[k]) & (quick.count - 1)
        if quick[slot] == 0 {
            quick[slot] = Int32(truncatingIfNeeded: k + 1)
        } else if quick[slot ^ 1] == 0 {
            quick[slot ^ 1] = Int32(truncatingIfNeeded: k + 1)
        } else {
            return false
        }
        return true
    }

    /// Puts id `k` in the seeded table, after any id equal to it (then `k` is a repeat).
    private func insertSeeded(_ k: Int) {
        let key = id(k)
        let mask = slots.count - 1
        var slot = Self.hash(key).hash & mask
        while slots[slot] != 0 {
            if firstDuplicate == nil, matches(Int(slots[slot]) - 1, key, words[k]) {
                firstDuplicate = k
            }
            slot = (slot + 1) & mask
        }
        slots[slot] = Int32(truncatingIfNeeded: k + 1)
        anySeeded = true
    }

    deinit {
        bytes.deallocate()
        starts.deallocate()
        words.deallocate()
        slots.deallocate()
        quick.deallocate()
    }

    /// The id in the quick slots of `key`, whose words are `keyWords`, whose bytes are `key`, if any.
    @inline(__always)
    private func quickIndex(of key: UnsafeBufferPointer<UInt8>, _ keyWords: Words) -> Int? {
        let slot = Self.quickSlot(keyWords) & (quick.count &- 1)
        let k = Int(quick[slot]) &- 1
        if k < 0 { return nil }
        if matches(k, key, keyWords) { return k }
        let other = Int(quick[slot ^ 1]) &- 1
        return other >= 0 && matches(other, key, keyWords) ? other : nil
    }

    /// The index of the id whose bytes are `key` (up to canonical equivalence), `nil` when none is.
    func index(of key: UnsafeBufferPointer<UInt8>) -> Int? {
        let keyWords = Words(key)
        if let k = quickIndex(of: key, keyWords) { return k }
        let (hash, isASCII) = Self.hash(key)
        guard isASCII else {
            // Its NFC bytes may be an ASCII id's, which may be in its quick slots only.
            return Array(String(decoding: key, as: UTF8.self)._nfcCodeUnits).withUnsafeBufferPointer { normalized in
                let normalizedWords = Words(normalized)
                return quickIndex(of: normalized, normalizedWords)
                    ?? index(of: normalized, normalizedWords, hash: Self.hash(normalized).hash)
            }
        }
        return index(of: key, keyWords, hash: hash)
    }

    /// The index of the id whose own bytes are `key` (not only canonically equivalent to it).
    func exactIndex(of key: UnsafeBufferPointer<UInt8>) -> Int? {
        let keyWords = Words(key)
        if let k = quickIndex(of: key, keyWords) { return k }
        guard anySeeded else { return nil }
        let (hash, isASCII) = Self.hash(key)
        guard isASCII, let index = index(of: key, keyWords, hash: hash), self.isASCII[index] else { return nil }
        return index
    }

    /// The index of the first id equal to `id`.
    func index(of id: String) -> Int? {
        var id = id
        return id.withUTF8 { index(of: $0) }
    }

    /// The index of the id whose NFC bytes are `key`, whose words are `keyWords` and which
    /// hashes to `hash`.
    private func index(of key: UnsafeBufferPointer<UInt8>, _ keyWords: Words, hash: Int) -> Int? {
        let mask = slots.count - 1
        var slot = hash & mask
        while slots[slot] != 0 {
            let k = Int(slots[slot]) - 1
            if matches(k, key, keyWords) { return k }
            slot = (slot + 1) & mask
        }
        return nil
    }

    /// Whether id `k`'s bytes are `key`, whose words are `keyWords`: the words decide it for ids
    /// up to 16 bytes long, and rule out most others before their bytes are compared.
    @inline(__always)
    private func matches(_ k: Int, _ key: UnsafeBufferPointer<UInt8>, _ keyWords: Words) -> Bool {
        let own = words[k]
        guard own.head == keyWords.head, own.tail == keyWords.tail, own.count == keyWords.count else { return false }
        return own.count <= 16 || id(k).hasSameBytes(as: key)
    }

    /// The bytes of id `k` in the table.
    @inline(__always)
    private func id(_ k: Int) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(rebasing: bytes[starts[k]..<starts[k + 1]])
    }

    /// The seeded hash of the bytes, and whether they are all ASCII. Each eight bytes (the last
    /// fewer, zero-filled) go through the seeded SipHash of a word that `Set<UInt64>` uses,
    /// `_rawHashValue(seed:)`, seeded by the hash so far (at first the length): one hash of a
    /// word per eight bytes instead of `Hasher`'s byte-wise `combine(bytes:)` and `finalize()`.
    @inline(__always)
    private static func hash(_ key: UnsafeBufferPointer<UInt8>) -> (hash: Int, isASCII: Bool) {
        var hash = key.count
        var high: UInt64 = 0
        var offset = 0
        while offset < key.count {
            let word = key.word(at: offset)
            high |= word
            hash = word._rawHashValue(seed: hash)
            offset &+= 8
        }
        return (hash, high & 0x8080_8080_8080_8080 == 0)
    }

    /// The length and the first and last eight bytes of an id or key: equal words mean equal
    /// bytes for up to 16 bytes (the tail overlaps the head below 16, and is 0 below 8).
    private struct Words {
        /// The first eight bytes in memory order, zero past the end.
        var head: UInt64
        /// The last eight bytes in memory order, 0 for fewer than eight bytes.
        var tail: UInt64
        var count: Int

        @inline(__always)
        init(_ bytes: UnsafeBufferPointer<UInt8>) {
            count = bytes.count
            head = bytes.word(at: 0)
            tail = count >= 8 ? bytes.word(at: count &- 8) : 0
        }
    }

    /// An unseeded mix of the length and the first and last eight bytes, for ``ViewIDTable/quick``
    /// (masked).
    @inline(__always)
    private static func quickSlot(_ words: Words) -> Int {
        let mixed = (words.head ^ (words.tail &* 0x9E37_79B9_7F4A_7C15) ^ UInt64(truncatingIfNeeded: words.count)) &* 0xBF58_476D_1CE4_E5B9
        // The product's top bits depend on every bit of the key's words: they become the slot's
        // low bits (ids often differ only in their last bytes, which reach no lower bit).
        return Int(truncatingIfNeeded: mixed.byteSwapped)
    }
}
