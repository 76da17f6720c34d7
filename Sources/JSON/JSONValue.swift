/// A cheap view of one value inside a ``JSONDocument``.
public struct JSONValue: Sendable {
    /// The JSON type of a value.
    public enum Kind: Sendable {
        case null, bool, number, string, array, object
    }

    @usableFromInline let storage: JSONStorage
    /// Tape index of this value's entry.
    @usableFromInline let index: Int

    @usableFromInline
    init(storage: JSONStorage, index: Int) {
        self.storage = storage
        self.index = index
    }

    @inline(__always)
    var entry: TapeEntry { storage.tape[index] }

    /// The JSON type of this value.
    public var kind: Kind {
        switch entry.kind {
        case .null: return .null
        case .false, .true: return .bool
        case .number: return .number
        case .string: return .string
        case .array: return .array
        case .object: return .object
        }
    }

    /// The boolean, when this value is `true` or `false`.
    public var bool: Bool? {
        switch entry.kind {
        case .true: return true
        case .false: return false
        default: return nil
        }
    }

    /// The number, when this value is a number: the nearest Double, ±infinity when out
    /// of range, 0 or a subnormal when tiny. Callers reject non-finite values themselves.
    public var number: Double? {
        storage.number(at: index)
    }

    /// The number literal exactly as written, e.g. to tell `1` from `1.0` or `1e3`.
    public var numberText: Substring? {
        let entry = self.entry
        guard entry.kind == .number else { return nil }
        return Substring(String(decoding: storage.content(of: entry), as: UTF8.self))
    }

    /// The unescaped string, when this value is a string.
    public var string: String? {
        storage.string(at: index)
    }

    /// The number of elements or members; 0 for scalars.
    public var count: Int {
        switch entry.kind {
        case .array, .object: return Int(entry.length)
        default: return 0
        }
    }

    /// The elements of an array in order; `[]` for anything else.
    public var elements: [JSONValue] {
        Array(elementSequence)
    }

    /// The elements of an array in order, read along the tape as they are iterated (no array of
    /// values is made); none for anything else.
    public var elementSequence: JSONElements {
        let entry = self.entry
        return JSONElements(storage: storage, first: index + 1, count: entry.kind == .array ? Int(entry.length) : 0)
    }

    /// The members of an object in document order; `[]` for anything else.
    public var members: [(key: String, value: JSONValue)] {
        let entry = self.entry
        guard entry.kind == .object else { return [] }
        var result: [(key: String, value: JSONValue)] = []
        result.reserveCapacity(Int(entry.length))
        let tape = storage.tape
        let bytes = storage.bytes
        var i = index + 1
        for _ in 0..<Int(entry.length) {
            let key = Self.string(of: tape[i], in: bytes)
            result.append((key, JSONValue(storage: storage, index: i + 1)))
            i = Int(tape[i + 1].next)
        }
        return result
    }

    /// The value of the member named `key`, when this is an object that has one.
    public subscript(key: String) -> JSONValue? {
        memberValueIndex(key).map { JSONValue(storage: storage, index: $0) }
    }

    /// Whether this is an object with a member named `key` (no value, and no reference to the
    /// document, is made).
    public func hasMember(_ key: String) -> Bool {
        memberValueIndex(key) != nil
    }

    /// The tape index of the value of the member named `key`, when this is an object that has one.
    private func memberValueIndex(_ key: String) -> Int? {
        guard entry.kind == .object else { return nil }
        return key.utf8.withContiguousStorageIfAvailable { memberValueIndex($0) } ?? {
            var key = key
            return key.withUTF8 { memberValueIndex($0) }
        }()
    }

    /// The tape index of the value of this object's member whose unescaped name is `wanted`.
    private func memberValueIndex(_ wanted: UnsafeBufferPointer<UInt8>) -> Int? {
        let tape = storage.tape
        var i = index + 1
        for _ in 0..<Int(entry.length) {
            let keyEntry = tape[i]
            // A name with escapes is longer in the document than unescaped: compare it unescaped.
            if keyEntry.hasEscapes
                ? unescape(storage.content(of: keyEntry)).elementsEqual(wanted)
                : Int(keyEntry.length) == wanted.count && storage.content(of: keyEntry).hasSameBytes(as: wanted) {
                return i + 1
            }
            i = Int(tape[i + 1].next)
        }
        return nil
    }

    /// The element at `index`, when this is an array and `index` is in range; never traps.
    /// O(1) for arrays of scalars, O(index) otherwise (iterate ``elements`` instead).
    public subscript(index: Int) -> JSONValue? {
        let entry = self.entry
        guard entry.kind == .array, index >= 0, index < Int(entry.length) else { return nil }
        let first = self.index + 1
        // Elements that are all scalars take one entry each: index directly.
        if Int(entry.next) - first == Int(entry.length) {
            return JSONValue(storage: storage, index: first + index)
        }
        let tape = storage.tape
        var i = first
        for _ in 0..<index {
            i = Int(tape[i].next)
        }
        return JSONValue(storage: storage, index: i)
    }

    /// Byte offset where the value starts in the source.
    public var offset: Int {
        Int(entry.offset)
    }

    /// The unescaped text of a string entry. A string of at most 15 bytes without escapes (most
    /// ids and names) is copied into a small string, which checks only that its bytes are ASCII
    /// (others are repaired as by `String(decoding:as:)`): some 45 instructions fewer a string
    /// than `String(decoding:as:)`'s general validation (a view id ~190 instead of ~235).
    static func string(of entry: TapeEntry, in bytes: UnsafeBufferPointer<UInt8>) -> String {
        let content = UnsafeBufferPointer(rebasing: bytes[entry.contentRange])
        if entry.hasEscapes { return String(decoding: unescape(content), as: UTF8.self) }
        if content.count <= 15 {
            return String(unsafeUninitializedCapacity: content.count) { $0.initialize(fromContentsOf: content) }
        }
        return String(decoding: content, as: UTF8.self)
    }
}

/// The elements of one array of a ``JSONDocument``, in order (``JSONValue/elementSequence``):
/// each is found from the one before it by the tape entry's end of subtree.
public struct JSONElements: Sequence {
    @usableFromInline let storage: JSONStorage
    /// Tape index of the first element (meaningful only when `count > 0`).
    @usableFromInline let first: Int
    /// The number of elements.
    public let count: Int

    /// Whether the array has no elements.
    public var isEmpty: Bool { count == 0 }

    /// The number of elements: all of them are there.
    public var underestimatedCount: Int { count }

    /// Calls `body` with each element in order and its position. Inlined into the caller, each
    /// element is handed on without the document being retained for it, where one from the
    /// iterator came retained, to be released after it was read.
    @inlinable
    public func forEachElement<Failure: Error>(_ body: (Int, JSONValue) throws(Failure) -> Void) throws(Failure) {
        var index = first
        for position in 0..<count {
            try body(position, JSONValue(storage: storage, index: index))
            index = Int(storage.tape[index].next)
        }
    }

    /// Calls `body` with each element in order, its position, and its members matched against
    /// `keys` as ``JSONValue/fields(_:allowed:)`` matches them (none for an element that is not
    /// an object). The fields are read again for each element in one value, which holds the
    /// document once for the whole array: fields made for each element retained it and released
    /// it again, each time on the same reference count. Always inlined: left a call across
    /// modules, the body became a closure of its own, which read what it captured through memory.
    @inlinable @inline(__always)
    public func forEachElement<Failure: Error>(
        matching keys: JSONKeys, allowed: Int? = nil, _ body: (Int, JSONValue, borrowing JSONFields) throws(Failure) -> Void
    ) throws(Failure) {
        let allowed = allowed ?? keys.names.count
        var index = first
        var fields = JSONFields(storage: storage, objectIndex: index, slots: SIMD16(repeating: -1), unknown: -1)
        for position in 0..<count {
            fields.rematch(objectIndex: index, keys: keys, allowed: allowed)
            try body(position, JSONValue(storage: storage, index: index), fields)
            index = Int(storage.tape[index].next)
        }
    }

    /// An iterator from the first element.
    public func makeIterator() -> Iterator {
        Iterator(storage: storage, index: first, remaining: count)
    }

    /// Walks the elements along the tape. Inlined into the caller's loop, where a call across
    /// modules returned each element retained, to be released after it was read; a loop that
    /// hands each element to a call still retains the document for it
    /// (``JSONElements/forEachElement(_:)`` does not).
    public struct Iterator: IteratorProtocol {
        @usableFromInline let storage: JSONStorage
        /// Tape index of the next element.
        @usableFromInline var index: Int
        /// Elements not yet returned.
        @usableFromInline var remaining: Int

        @usableFromInline
        init(storage: JSONStorage, index: Int, remaining: Int) {
            self.storage = storage
            self.index = index
            self.remaining = remaining
        }

        /// The next element, `nil` after the last.
        @inlinable
        public mutating func next() -> JSONValue? {
            guard remaining > 0 else { return nil }
            let value = JSONValue(storage: storage, index: index)
            index = Int(storage.tape[index].next)
            remaining &-= 1
            return value
        }
    }
}
