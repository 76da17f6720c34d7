/// Growable, copy-on-write bytes behind ``JSONWriter``, written through raw pointers
/// so each write costs one uniqueness-and-capacity check rather than one per byte.
struct OutputBuffer: Sendable {
    /// Mutated only through ``OutputBuffer/reserve(_:)`` and ``OutputBuffer/commit(_:)``,
    /// after a uniqueness check, so sharing it between copies is safe.
    private final class Storage: @unchecked Sendable {
        let base: UnsafeMutablePointer<UInt8>
        let capacity: Int
        var count = 0

        init(capacity: Int) {
            self.capacity = capacity
            base = .allocate(capacity: capacity)
        }

        deinit {
            base.deallocate()
        }
    }

    private var storage: Storage

    init(capacity: Int) {
        storage = Storage(capacity: max(capacity, 16))
    }

    /// The bytes written so far.
    var bytes: [UInt8] {
        Array(UnsafeBufferPointer(start: storage.base, count: storage.count))
    }

    /// Calls `body` with the bytes written so far, in place.
    func withUnsafeBytes<Result>(_ body: (UnsafeRawBufferPointer) throws -> Result) rethrows -> Result {
        try withExtendedLifetime(storage) { try body(UnsafeRawBufferPointer(start: storage.base, count: storage.count)) }
    }

    /// Room for `extra` bytes past the end; follow with ``commit(_:)`` of what was written.
    @inline(__always)
    mutating func reserve(_ extra: Int) -> UnsafeMutablePointer<UInt8> {
        if !isKnownUniquelyReferenced(&storage) || storage.count + extra > storage.capacity {
            reallocate(minimumCapacity: storage.count + extra)
        }
        return storage.base + storage.count
    }

    /// Marks `written` bytes after the end, filled through ``reserve(_:)``, as part of the output.
    @inline(__always)
    mutating func commit(_ written: Int) {
        storage.count += written
    }

    private mutating func reallocate(minimumCapacity: Int) {
        let capacity = max(minimumCapacity, storage.count + storage.count / 2, 16)
        let copy = Storage(capacity: capacity)
        copy.base.initialize(from: storage.base, count: storage.count)
        copy.count = storage.count
        storage = copy
    }
}
