/// A growable buffer of tape entries used while parsing, without per-append
/// uniqueness checks. The owner calls ``finish()`` (taking the memory) or ``deallocate()`` exactly once.
struct TapeBuffer {
    private var base: UnsafeMutablePointer<TapeEntry>
    private var capacity: Int
    /// Entries appended so far.
    private(set) var count = 0

    init(capacity: Int) {
        self.capacity = max(capacity, 16)
        base = .allocate(capacity: self.capacity)
    }

    @inline(__always)
    mutating func append(_ entry: TapeEntry) {
        if count == capacity {
            grow()
        }
        (base + count).initialize(to: entry)
        count += 1
    }

    /// The entry at `index`, which must be below ``count``.
    @inline(__always)
    subscript(index: Int) -> TapeEntry {
        get { base[index] }
        set { base[index] = newValue }
    }

    /// The entries, whose memory the caller now owns.
    func finish() -> UnsafeMutableBufferPointer<TapeEntry> {
        UnsafeMutableBufferPointer(start: base, count: count)
    }

    /// Frees the buffer.
    mutating func deallocate() {
        base.deinitialize(count: count)
        base.deallocate()
        count = 0
        capacity = 0
    }

    private mutating func grow() {
        let newCapacity = capacity * 2
        let newBase = UnsafeMutablePointer<TapeEntry>.allocate(capacity: newCapacity)
        newBase.moveInitialize(from: base, count: count)
        base.deallocate()
        base = newBase
        capacity = newCapacity
    }
}
