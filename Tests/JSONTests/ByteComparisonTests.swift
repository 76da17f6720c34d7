import JSON
import Testing

@Suite struct ByteComparisonTests {
    /// Words of up to eight bytes read with overlapping loads equal those built byte by byte, at
    /// every length and offset (from a buffer with nothing readable past its end).
    @Test func wordsFromEveryOffset() {
        for count in 0...20 {
            let bytes = (0..<count).map { UInt8(truncatingIfNeeded: 0x81 &+ $0 &* 37) }
            let buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: count)
            defer { buffer.deallocate() }
            _ = buffer.initialize(from: bytes)
            for offset in 0...count {
                var expected: UInt64 = 0
                for k in offset..<min(count, offset + 8) {
                    expected |= UInt64(bytes[k]) << (8 * UInt64(k - offset))
                }
                #expect(UnsafeBufferPointer(buffer).word(at: offset) == expected, "count \(count), offset \(offset)")
            }
        }
    }
}
