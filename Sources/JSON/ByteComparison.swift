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
}
