extension UnsafeBufferPointer where Element == UInt8 {
    /// Whether both buffers hold the same bytes, compared eight at a time (names, keys and ids
    /// are compared this way on every member and item of a request).
    @inlinable @inline(__always)
    public func hasSameBytes(as other: UnsafeBufferPointer<UInt8>) -> Bool {
        let count = self.count
        guard count == other.count else { return false }
        guard count >= 8, let a = baseAddress, let b = other.baseAddress else {
            for k in 0..<count where self[k] != other[k] {
                return false
            }
            return true
        }
        let left = UnsafeRawPointer(a), right = UnsafeRawPointer(b)
        var k = 0
        while k + 8 < count {
            if left.loadUnaligned(fromByteOffset: k, as: UInt64.self) != right.loadUnaligned(fromByteOffset: k, as: UInt64.self) {
                return false
            }
            k += 8
        }
        // The last eight bytes, overlapping the chunks before them.
        return left.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self) == right.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
    }

    /// The bytes from `offset`, eight at most, as one word in memory order with zeros past the
    /// end: one load when eight are there, else two overlapping loads of four or two (or one
    /// byte), never reading outside the buffer. `offset` is at most `count`.
    @inlinable @inline(__always)
    public func word(at offset: Int) -> UInt64 {
        let rest = count &- offset
        guard rest > 0, let start = baseAddress else { return 0 }
        let raw = UnsafeRawPointer(start + offset)
        if rest >= 8 {
            return UInt64(littleEndian: raw.loadUnaligned(as: UInt64.self))
        }
        if rest >= 4 {
            let low = UInt64(UInt32(littleEndian: raw.loadUnaligned(as: UInt32.self)))
            let high = UInt64(UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: rest &- 4, as: UInt32.self)))
            return low | high &<< (8 &* UInt64(rest &- 4))
        }
        if rest >= 2 {
            let low = UInt64(UInt16(littleEndian: raw.loadUnaligned(as: UInt16.self)))
            let high = UInt64(UInt16(littleEndian: raw.loadUnaligned(fromByteOffset: rest &- 2, as: UInt16.self)))
            return low | high &<< (8 &* UInt64(rest &- 2))
        }
        return UInt64(raw.load(as: UInt8.self))
    }
}
