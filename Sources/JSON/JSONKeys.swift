/// A fixed list of names matched byte for byte, without making strings: the member names an
/// object of one schema may have (``JSONValue/fields(_:)`` reads such an object in one pass), or
/// the words a string value may be (``JSONValue/string(in:)``). Immutable once made, so it is
/// shared across threads; its tables are unsafe buffers it owns, read without bounds checks.
public final class JSONKeys: @unchecked Sendable {
    /// The most names a set used with ``JSONValue/fields(_:)`` may hold.
    @inlinable public static var fieldCapacity: Int { 16 }

    /// The names, in the order their indices refer to.
    public let names: [String]
    /// What a name is compared by, in name order (`index` its own).
    @usableFromInline let byName: UnsafeMutableBufferPointer<Entry>
    /// By ``JSONKeys/slot(_:count:_:)`` of a name: its entry, or one whose `index` is
    /// ``JSONKeys/empty`` (no name there) or ``JSONKeys/shared`` (several names there).
    @usableFromInline let bySlot: UnsafeMutablePointer<Entry>
    @inlinable static var empty: Int { -1 }
    @inlinable static var shared: Int { -2 }
    /// The names' bytes one after another; name `k` is `bytes[starts[k]..<starts[k + 1]]`.
    @usableFromInline let bytes: UnsafeMutablePointer<UInt8>
    @usableFromInline let starts: UnsafeMutableBufferPointer<Int>
    /// The odd multiplier of ``JSONKeys/slot(_:count:_:)``: the first of a fixed sequence that
    /// gives every name a slot of its own, if one does.
    @usableFromInline let multiplier: UInt64

    /// A name's length and its first and last eight bytes, which tell names up to 16 bytes apart.
    @usableFromInline
    struct Entry {
        /// ``JSONKeys/head(_:)``.
        @usableFromInline var head: UInt64
        /// The last eight bytes, for a name of 9 to 16 bytes (0 otherwise).
        @usableFromInline var tail: UInt64
        @usableFromInline var count: Int
        @usableFromInline var index: Int

        @usableFromInline
        init(head: UInt64, tail: UInt64, count: Int, index: Int) {
            self.head = head
            self.tail = tail
            self.count = count
            self.index = index
        }
    }

    /// A set of distinct names.
    public init(_ names: [String]) {
        self.names = names
        let utf8 = names.map { Array($0.utf8) }
        let byName = UnsafeMutableBufferPointer<Entry>.allocate(capacity: names.count)
        starts = .allocate(capacity: names.count + 1)
        bytes = .allocate(capacity: utf8.reduce(0) { $0 + $1.count })
        var start = 0
        for (k, name) in utf8.enumerated() {
            name.withUnsafeBufferPointer { name in
                byName.initializeElement(at: k, to: Entry(head: Self.head(name), tail: Self.tail(name), count: name.count, index: k))
            }
            starts.initializeElement(at: k, to: start)
            (bytes + start).initialize(from: name, count: name.count)
            start += name.count
        }
        starts.initializeElement(at: names.count, to: start)
        self.byName = byName
        // Names that share a slot are compared one by one: look for a multiplier without any.
        var multiplier: UInt64 = 0x9E37_79B9_7F4A_7C15
        for attempt in 0..<64 {
            multiplier = 0x9E37_79B9_7F4A_7C15 &+ UInt64(attempt) &* 0x6A09_E667_F3BC_C90A
            var taken = Set<Int>()
            let distinct = byName.allSatisfy { taken.insert(Self.slot($0.head, count: $0.count, multiplier)).inserted }
            if distinct { break }
        }
        self.multiplier = multiplier
        bySlot = .allocate(capacity: 256)
        bySlot.initialize(repeating: Entry(head: 0, tail: 0, count: 0, index: Self.empty), count: 256)
        for entry in byName {
            let slot = Self.slot(entry.head, count: entry.count, multiplier)
            bySlot[slot] = bySlot[slot].index == Self.empty ? entry : Entry(head: 0, tail: 0, count: 0, index: Self.shared)
        }
    }

    deinit {
        byName.deallocate()
        bySlot.deallocate()
        bytes.deallocate()
        starts.deallocate()
    }

    /// The index of the name whose UTF-8 bytes are those of `name`, `nil` when none is: matched
    /// as the document's member names are, not by comparing strings one by one (readers look up
    /// their fields by name, a string comparison per name before it).
    public func index(of name: String) -> Int? {
        var name = name
        return name.withUTF8 { index(of: $0) }
    }

    /// The index of the name whose UTF-8 bytes are `key`, `nil` when none is.
    @inline(__always)
    public func index(of key: UnsafeBufferPointer<UInt8>) -> Int? {
        index(of: key, head: Self.head(key))
    }

    /// The index of the name whose UTF-8 bytes are the `count` at `start`, where eight bytes may be
    /// read whatever the count (a key or string in a ``JSONDocument``, whose bytes are followed
    /// by padding): the first eight are read in one load.
    @inlinable @inline(__always)
    func index(ofPadded start: UnsafePointer<UInt8>, count: Int) -> Int? {
        let word = UInt64(littleEndian: UnsafeRawPointer(start).loadUnaligned(as: UInt64.self))
        return index(of: UnsafeBufferPointer(start: start, count: count), head: Self.head(word, count: count))
    }

    /// The index of the name whose bytes are `key`, whose ``JSONKeys/head(_:)`` is `head`.
    @inlinable @inline(__always)
    func index(of key: UnsafeBufferPointer<UInt8>, head: UInt64) -> Int? {
        let entry = bySlot[Self.slot(head, count: key.count, multiplier)]
        if entry.index >= 0 {
            return matches(entry, key, head: head) ? entry.index : nil
        }
        if entry.index == Self.empty { return nil }
        for entry in byName where matches(entry, key, head: head) {
            return entry.index
        }
        return nil
    }

    /// Whether the name of `entry` is byte for byte `key`, whose head is `head`.
    @inlinable @inline(__always)
    func matches(_ entry: Entry, _ key: UnsafeBufferPointer<UInt8>, head: UInt64) -> Bool {
        let count = key.count
        guard entry.head == head, entry.count == count else { return false }
        if count <= 8 { return true }
        if count <= 16 { return entry.tail == Self.tail(key) }
        return UnsafeBufferPointer(start: bytes + starts[entry.index], count: count).hasSameBytes(as: key)
    }

    /// Where a name goes in ``JSONKeys/bySlot``: its head and length mixed by `multiplier`.
    @inlinable @inline(__always)
    static func slot(_ head: UInt64, count: Int, _ multiplier: UInt64) -> Int {
        Int(truncatingIfNeeded: ((head ^ UInt64(truncatingIfNeeded: count)) &* multiplier) &>> 56)
    }

    /// The head of a name of `count` bytes whose first eight bytes (and any after its end, when
    /// it is shorter) are `word`, in memory order.
    @inlinable @inline(__always)
    static func head(_ word: UInt64, count: Int) -> UInt64 {
        count >= 8 ? word : word & ((1 &<< (8 &* UInt64(truncatingIfNeeded: count))) &- 1)
    }

    /// The last eight bytes of a name of 9 to 16 bytes, in memory order (0 for any other): with its
    /// length and head, they tell it from any other such name.
    @inlinable @inline(__always)
    static func tail(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        guard bytes.count > 8, bytes.count <= 16, let start = bytes.baseAddress else { return 0 }
        return UInt64(littleEndian: UnsafeRawPointer(start).loadUnaligned(fromByteOffset: bytes.count &- 8, as: UInt64.self))
    }

    /// The first eight bytes of a name in memory order, zero past its end: names up to 8 bytes
    /// long are equal exactly when their lengths and heads are.
    @inlinable @inline(__always)
    static func head(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        bytes.word(at: 0)
    }
}

/// The members of one object read against ``JSONKeys``: the value of each name, if present, and
/// the first member name (in document order) that is not an allowed one. Its accessors take a
/// name's index in the keys and read the member in place (no ``JSONValue`` is made).
public struct JSONFields {
    @usableFromInline let storage: JSONStorage
    /// Tape index of the object.
    @usableFromInline var objectIndex: Int
    /// Tape index of each name's value, `-1` when absent.
    @usableFromInline var slots: SIMD16<Int32>
    /// Tape index of the first member name that is not allowed, `-1` when every one is.
    @usableFromInline var unknown: Int32

    /// The reading initializer returns what it read through this one (assigning each field
    /// copied it on its way out).
    @usableFromInline
    init(storage: JSONStorage, objectIndex: Int, slots: SIMD16<Int32>, unknown: Int32) {
        self.storage = storage
        self.objectIndex = objectIndex
        self.slots = slots
        self.unknown = unknown
    }
}

extension JSONFields {
    /// Reads the object at tape index `objectIndex` of `storage` against `keys`, of which the
    /// first `allowed` are allowed names. Inlined into ``JSONValue/fields(_:allowed:)``, itself
    /// inlined: every object a request has was read by a call across modules that returned the
    /// fields through memory.
    @inlinable @inline(__always)
    init(storage: JSONStorage, objectIndex: Int, keys: JSONKeys, allowed: Int) {
        let (slots, unknown) = Self.match(storage: storage, objectIndex: objectIndex, keys: keys, allowed: allowed)
        self.init(storage: storage, objectIndex: objectIndex, slots: slots, unknown: unknown)
    }

    /// Reads another object of the same document into these fields, as
    /// ``init(storage:objectIndex:keys:allowed:)`` reads one: for a reader of one object after
    /// another (``JSONElements/forEachElement(matching:allowed:_:)``), whose fields so hold the
    /// document once for all of them, not retained and released again for each.
    @inlinable
    mutating func rematch(objectIndex: Int, keys: JSONKeys, allowed: Int) {
        (slots, unknown) = Self.match(storage: storage, objectIndex: objectIndex, keys: keys, allowed: allowed)
        self.objectIndex = objectIndex
    }

    /// Fields of no object yet in `value`'s document: scratch into which
    /// ``rematch(member:of:keys:allowed:)`` reads the objects nested in other fields, holding the
    /// document once for all of them.
    public init(scratchIn value: JSONValue) {
        self.init(storage: value.storage, objectIndex: value.index, slots: SIMD16(repeating: -1), unknown: -1)
    }

    /// Reads the member named at `index` in `outer`'s keys into these fields against `keys`, as
    /// ``JSONValue/fields(_:allowed:)`` reads it; whether that member is an object (when it is
    /// absent or not one, these fields are left as they were). `outer` must read the same
    /// document.
    @inlinable
    public mutating func rematch(member index: Int, of outer: borrowing JSONFields, keys: JSONKeys, allowed: Int? = nil) -> Bool {
        precondition(outer.storage === storage, "the outer fields read another document")
        let slot = Int(outer.slots[index])
        guard slot >= 0, storage.tape[slot].kind == .object else { return false }
        rematch(objectIndex: slot, keys: keys, allowed: allowed ?? keys.names.count)
        return true
    }

    /// The tape index of each name's value in the object at `objectIndex` (`-1` when absent,
    /// all of them for a value that is not an object), and of its first member name that is not
    /// allowed (`-1` when every one is).
    @inlinable @inline(__always)
    static func match(storage: JSONStorage, objectIndex: Int, keys: JSONKeys, allowed: Int) -> (slots: SIMD16<Int32>, unknown: Int32) {
        precondition(keys.names.count <= JSONKeys.fieldCapacity, "an object is read against at most \(JSONKeys.fieldCapacity) names")
        var slots = SIMD16<Int32>(repeating: -1)
        var unknown: Int32 = -1
        let tape = storage.tape
        let entry = tape[objectIndex]
        if entry.kind == .object {
            // Member by member until the tape index just past the object (no count to keep).
            let end = Int(entry.next)
            var key = objectIndex &+ 1
            while key < end {
                let keyEntry = tape[key]
                let found = keyEntry.hasEscapes
                    ? storage.escapedString(at: key, in: keys)
                    : keys.index(ofPadded: storage.start + (Int(keyEntry.offset) &+ 1), count: Int(keyEntry.length))
                let value = key &+ 1
                key = Int(tape[value].next)
                if let found {
                    // `found` is below the capacity (the precondition above): a plain store into the
                    // vector's bytes, not the SIMD subscript's checked lane insert (~20 instructions).
                    withUnsafeMutableBytes(of: &slots) {
                        $0.storeBytes(of: Int32(truncatingIfNeeded: value), toByteOffset: found &* 4, as: Int32.self)
                    }
                    if found < allowed { continue }
                }
                if unknown < 0 {
                    unknown = Int32(truncatingIfNeeded: value &- 1)
                }
            }
        }
        return (slots, unknown)
    }

    /// The object read.
    public var object: JSONValue { JSONValue(storage: storage, index: objectIndex) }

    /// The first member name that is not allowed, unescaped; `nil` when every name is. Inlined,
    /// so that a reader of an object whose names are all allowed (every object read) tests a
    /// field rather than calls across modules.
    @inlinable
    public var unknownKey: String? {
        unknown < 0 ? nil : storage.string(at: Int(unknown))
    }

    /// The value of the name at `index` in the keys, `nil` when the object has no such member.
    @inlinable
    public subscript(index: Int) -> JSONValue? {
        let slot = slots[index]
        return slot < 0 ? nil : JSONValue(storage: storage, index: Int(slot))
    }

    /// Of the names at `indices` in the keys, those the object has, in the order it lists them.
    public func present(_ indices: [Int]) -> [Int] {
        var found: [Int] = []
        for index in indices where index >= 0 && index < JSONKeys.fieldCapacity && slots[index] >= 0 {
            // Inserted in place by tape position: an object has few of any set of names.
            var at = found.count
            while at > 0 && slots[found[at - 1]] > slots[index] { at -= 1 }
            found.insert(index, at: at)
        }
        return found
    }

    /// Whether the object has the member named at `index` in the keys (even `null`).
    @inlinable
    public func has(_ index: Int) -> Bool {
        slots[index] >= 0
    }

    /// The member named at `index` in the keys when it is a number, as ``JSONValue/number``.
    public func number(_ index: Int) -> Double? {
        let slot = slots[index]
        return slot < 0 ? nil : storage.number(at: Int(slot))
    }

    /// The member named at `index` in the keys when it is a string, unescaped.
    public func string(_ index: Int) -> String? {
        let slot = slots[index]
        return slot < 0 ? nil : storage.string(at: Int(slot))
    }

    /// The index among `words` of the string named at `index` in the keys, as ``JSONValue/string(in:)``.
    /// Inlined: an attribute or relation read across modules paid a call and the checks on
    /// `index` that a constant one needs none of.
    @inlinable
    public func string(_ index: Int, in words: JSONKeys) -> Int? {
        let slot = slots[index]
        return slot < 0 ? nil : storage.string(at: Int(slot), in: words)
    }

    /// Calls `body` with the unescaped UTF-8 bytes of the string named at `index` in the keys, as
    /// ``JSONValue/withStringUTF8(_:)``; `nil` when there is no such string.
    @inlinable
    public func withStringUTF8<Result>(_ index: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result? {
        let slot = slots[index]
        // The bytes point into the document, which these fields keep alive.
        return slot < 0 ? nil : withExtendedLifetime(self) { storage.withStringUTF8(at: Int(slot), body) }
    }
}

extension JSONValue {
    /// This object's members matched against `keys` (at most ``JSONKeys/fieldCapacity``) in one
    /// pass (no members for a non-object). Only the first `allowed` names (by default all) are
    /// allowed: a member named by a later one is matched, and is also the
    /// ``JSONFields/unknownKey`` if no other member before it is unknown.
    @inlinable
    public func fields(_ keys: JSONKeys, allowed: Int? = nil) -> JSONFields {
        JSONFields(storage: storage, objectIndex: index, keys: keys, allowed: allowed ?? keys.names.count)
    }

    /// The index of this string among `keys`, compared after unescaping; `nil` when it is none
    /// of them or not a string. Reads the entry in place rather than through
    /// ``JSONValue/withStringUTF8(_:)`` (whose optional pair and closure cost about 70
    /// instructions per attribute or relation read).
    public func string(in keys: JSONKeys) -> Int? {
        storage.string(at: index, in: keys)
    }

    /// Calls `body` with the unescaped UTF-8 bytes of this string (no `String` is made); `nil`
    /// when this is not a string.
    @inlinable
    public func withStringUTF8<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result? {
        // The bytes point into the document, which this value keeps alive.
        withExtendedLifetime(self) { storage.withStringUTF8(at: index, body) }
    }
}
