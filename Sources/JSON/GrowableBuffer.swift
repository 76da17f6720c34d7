/// A growable buffer used while parsing (the tape, the stack of open containers), without
/// per-append uniqueness checks. The owner calls ``finish()`` (taking the memory) or
/// ``deallocate()`` exactly once.
struct GrowableBuffer<Element> {
    private var base: UnsafeMutablePointer<Element>
    private var capacity: Int
    /// Elements appended so far.
    private(set) var count = 0

    init(capacity: Int) {
        self.capacity = max(capacity, 16)
        base = .allocate(capacity: self.capacity)
    }

    @inline(__always)
    mutating func append(_ element: Element) {
        if count == capacity {
            grow()
        }
        (base + count).initialize(to: element)
        count &+= 1
    }

    /// Removes and returns the last element; there must be one.
    @inline(__always)
    mutating func removeLast() -> Element {
        count &-= 1
        return (base + count).move()
    }

    /// The element at `index`, which must be below ``count``.
    @inline(__always)
    subscript(index: Int) -> Element {
        get { base[index] }
        set { base[index] = newValue }
    }

    /// The elements, whose memory the caller now owns.
    func finish() -> UnsafeMutableBufferPointer<Element> {
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
        let newBase = UnsafeMutablePointer<Element>.allocate(capacity: newCapacity)
        newBase.moveInitialize(from: base, count: count)
        base.deallocate()
        base = newBase
        capacity = newCapacity
    }
}
