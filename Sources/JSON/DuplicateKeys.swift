extension JSONParser {
    /// Objects up to this many members are checked pairwise; bigger ones are sorted.
    static let pairwiseDuplicateLimit = 16

    /// The tape index of the first key (in document order) that repeats an earlier key
    /// of the object at `objectEntry`, or nil. Keys compare after unescaping.
    func duplicateKey(objectEntry: Int, count: Int) -> Int? {
        if count <= Self.pairwiseDuplicateLimit {
            return withUnsafeTemporaryAllocation(of: (signature: UInt64, key: Int).self, capacity: count) { keys in
                var key = objectEntry + 1
                for i in 0..<count {
                    keys.initializeElement(at: i, to: (signature(of: tape[key]), key))
                    key = nextKey(after: key)
                }
                for b in 1..<count {
                    for a in 0..<b where keys[a].signature == keys[b].signature
                        && keysEqual(tape[keys[a].key], tape[keys[b].key]) {
                        return keys[b].key
                    }
                }
                return nil
            }
        }
        var keys: [Int] = []
        keys.reserveCapacity(count)
        var k = objectEntry + 1
        for _ in 0..<count {
            keys.append(k)
            k = nextKey(after: k)
        }
        return sortedDuplicateKey(keys)
    }

    /// The tape index of the key after the member whose key is at `key`.
    @inline(__always)
    private func nextKey(after key: Int) -> Int {
        Int(tape[key + 1].next)
    }

    /// O(n log n): sort keys by (hash, bytes, position) so equal keys are adjacent.
    private func sortedDuplicateKey(_ keys: [Int]) -> Int? {
        let hashed = keys.map { (hash: hash(tape[$0]), index: $0) }.sorted { a, b in
            if a.hash != b.hash { return a.hash < b.hash }
            if keysEqual(tape[a.index], tape[b.index]) { return a.index < b.index }
            return keyPrecedes(tape[a.index], tape[b.index])
        }
        var first: Int?
        for i in 1..<hashed.count
        where hashed[i].hash == hashed[i - 1].hash && keysEqual(tape[hashed[i].index], tape[hashed[i - 1].index]) {
            first = min(first ?? hashed[i].index, hashed[i].index)
        }
        return first
    }

    /// The one bit of 64 that a key with `signature` sets in ``JSONParser/Frame/keyBits``. The
    /// multiplier is one under which the members of each kind of object in a layoutd request (a
    /// view, a plain constraint, a Masonry chain, the top level, …) set distinct bits, so that
    /// none of them is checked pairwise.
    @inline(__always)
    static func signatureBit(_ signature: UInt64) -> UInt64 {
        1 << ((signature &* 0xF934_1C68_966B_AEA1) >> 58)
    }

    /// The first eight bytes of a key's unescaped content, zero past its end
    /// (``JSONKeys/head(_:)``): equal keys have equal signatures.
    func signature(of entry: TapeEntry) -> UInt64 {
        if entry.hasEscapes {
            return unescape(UnsafeBufferPointer(rebasing: p[entry.contentRange])).withUnsafeBufferPointer(JSONKeys.head)
        }
        // The content starts at most at p.count: its first eight bytes end within the padding.
        return JSONKeys.head(Self.load(base + (Int(entry.offset) &+ 1)), count: Int(entry.length))
    }

    /// Whether two string entries have the same unescaped content.
    func keysEqual(_ a: TapeEntry, _ b: TapeEntry) -> Bool {
        if !a.hasEscapes && !b.hasEscapes {
            guard a.length == b.length else { return false }
            let x = Int(a.offset) + 1
            let y = Int(b.offset) + 1
            for k in 0..<Int(a.length) where p[x + k] != p[y + k] {
                return false
            }
            return true
        }
        return decodedString(entry: a) == decodedString(entry: b)
    }

    private func keyPrecedes(_ a: TapeEntry, _ b: TapeEntry) -> Bool {
        decodedString(entry: a).lexicographicallyPrecedes(decodedString(entry: b))
    }

    /// FNV-1a over a key's unescaped bytes.
    private func hash(_ entry: TapeEntry) -> UInt64 {
        var h: UInt64 = 0xCBF2_9CE4_8422_2325
        let mix = { (byte: UInt8) in
            h = (h ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
        }
        if entry.hasEscapes {
            decodedString(entry: entry).forEach(mix)
        } else {
            UnsafeBufferPointer(rebasing: p[entry.contentRange]).forEach(mix)
        }
        return h
    }
}
