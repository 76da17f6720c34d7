/// The index of each declared id, looked up by its UTF-8 bytes: an open-addressing table
/// hashed with FNV-1a, so that resolving the items of every constraint costs a few dozen
/// instructions instead of a `Hasher` round and a `String` for each.
///
/// Ids compare as `String`s do (canonical equivalence): the table holds each id's NFC bytes and
/// normalizes a looked-up key that is not ASCII (ASCII is its own NFC), so `\u{212A}` (Kelvin)
/// finds the view `K`, as a `[String: Int]` would.
struct ViewIDTable: Sendable {
    /// The ids' bytes, one after another; id `k` is `bytes[starts[k]..<starts[k + 1]]`.
    private let bytes: [UInt8]
    private let starts: [Int]
    /// `k + 1` for id `k`, 0 for an empty slot; the count is a power of two above twice the ids.
    private let slots: [Int32]
    /// Whether each id is ASCII, so that its bytes in the table are its own.
    private let isASCII: [Bool]

    /// Indexes `ids`; the index of the first repeated id, if any, is `firstDuplicate` (a table
    /// with repeated ids finds one of them).
    init(_ ids: [String]) {
        var bytes: [UInt8] = []
        var starts: [Int] = [0]
        starts.reserveCapacity(ids.count + 1)
        var isASCII: [Bool] = []
        isASCII.reserveCapacity(ids.count)
        for id in ids {
            isASCII.append(id.utf8.allSatisfy { $0 < 0x80 })
            if isASCII[isASCII.count - 1] {
                bytes.append(contentsOf: id.utf8)
            } else {
                bytes.append(contentsOf: id._nfcCodeUnits)
            }
            starts.append(bytes.count)
        }
        var capacity = 4
        while capacity < 2 * ids.count { capacity *= 2 }
        var slots = [Int32](repeating: 0, count: capacity)
        var firstDuplicate: Int?
        bytes.withUnsafeBufferPointer { all in
            for k in ids.indices {
                let key = UnsafeBufferPointer(rebasing: all[starts[k]..<starts[k + 1]])
                var slot = Self.hash(key).hash & (capacity - 1)
                while slots[slot] != 0 {
                    let other = Int(slots[slot]) - 1
                    if firstDuplicate == nil, key.elementsEqual(all[starts[other]..<starts[other + 1]]) {
                        firstDuplicate = k
                    }
                    slot = (slot + 1) & (capacity - 1)
                }
                slots[slot] = Int32(truncatingIfNeeded: k + 1)
            }
        }
        self.bytes = bytes
        self.starts = starts
        self.slots = slots
        self.isASCII = isASCII
        self.firstDuplicate = firstDuplicate
    }

    /// The first id (in order) that repeats an earlier one.
    let firstDuplicate: Int?

    /// The index of the id whose bytes are `key` (up to canonical equivalence), `nil` when none is.
    func index(of key: UnsafeBufferPointer<UInt8>) -> Int? {
        let (hash, isASCII) = Self.hash(key)
        guard isASCII else {
            return Array(String(decoding: key, as: UTF8.self)._nfcCodeUnits).withUnsafeBufferPointer { normalized in
                index(of: normalized, hash: Self.hash(normalized).hash)
            }
        }
        return index(of: key, hash: hash)
    }

    /// The index of the id whose own bytes are `key` (not only canonically equivalent to it).
    func exactIndex(of key: UnsafeBufferPointer<UInt8>) -> Int? {
        let (hash, isASCII) = Self.hash(key)
        guard isASCII, let index = index(of: key, hash: hash), self.isASCII[index] else { return nil }
        return index
    }

    /// The index of the id whose NFC bytes are `key`, which hashes to `hash`.
    private func index(of key: UnsafeBufferPointer<UInt8>, hash: Int) -> Int? {
        let mask = slots.count - 1
        var slot = hash & mask
        return bytes.withUnsafeBufferPointer { all -> Int? in
            while slots[slot] != 0 {
                let k = Int(slots[slot]) - 1
                if key.count == starts[k + 1] - starts[k], key.elementsEqual(all[starts[k]..<starts[k + 1]]) { return k }
                slot = (slot + 1) & mask
            }
            return nil
        }
    }

    /// The index of the first id equal to `id`.
    func index(of id: String) -> Int? {
        var id = id
        return id.withUTF8 { index(of: $0) }
    }

    /// FNV-1a of the bytes, and whether they are all ASCII.
    @inline(__always)
    private static func hash(_ key: UnsafeBufferPointer<UInt8>) -> (hash: Int, isASCII: Bool) {
        var h: UInt64 = 0xCBF2_9CE4_8422_2325
        var high: UInt8 = 0
        for byte in key {
            h = (h ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
            high |= byte
        }
        return (Int(truncatingIfNeeded: h ^ (h >> 29)), high < 0x80)
    }
}
