/// A fixed list of names matched byte for byte, without making strings: the member names an
/// object of one schema may have (``JSONValue/fields(_:)`` reads such an object in one pass), or
/// the words a string value may be (``JSONValue/string(in:)``). Immutable once made, so it is
/// shared across threads; its tables are unsafe buffers it owns, read without bounds checks.
public final class JSONKeys: @unchecked Sendable {
    /// The most names a set used with ``JSONValue/fields(_:)`` may hold.
    public static let fieldCapacity = 16

    /// The names, in the order their indices refer to.
    public let names: [String]
    /// Each name's length and first bytes (``JSONKeys/signature(_:)``), compared before its bytes.
    private let signatures: UnsafeMutableBufferPointer<UInt64>
    /// The names' bytes one after another; name `k` is `bytes[starts[k]..<starts[k + 1]]`.
    private let bytes: UnsafeMutableBufferPointer<UInt8>
    private let starts: UnsafeMutableBufferPointer<Int>
    /// By ``JSONKeys/slot(_:)`` of a name: `k + 1` for the one name `k` there, ``JSONKeys/shared``
    /// when several names share the slot, 0 for none.
    private let slots: UnsafeMutableBufferPointer<UInt8>
    private static let shared = UInt8.max

    /// A set of distinct names (fewer than 255).
    public init(_ names: [String]) {
        precondition(names.count < Int(Self.shared), "JSONKeys holds fewer than \(Self.shared) names")
        self.names = names
        let utf8 = names.map { Array($0.utf8) }
        signatures = .allocate(capacity: names.count)
        starts = .allocate(capacity: names.count + 1)
        bytes = .allocate(capacity: utf8.reduce(0) { $0 + $1.count })
        slots = .allocate(capacity: 256)
        slots.initialize(repeating: 0)
        var start = 0
        for (k, name) in utf8.enumerated() {
            name.withUnsafeBufferPointer { name in
                signatures.initializeElement(at: k, to: Self.signature(name))
                let slot = Self.slot(name)
                slots[slot] = slots[slot] == 0 ? UInt8(k + 1) : Self.shared
            }
            starts.initializeElement(at: k, to: start)
            for byte in name {
                bytes.initializeElement(at: start, to: byte)
                start += 1
            }
        }
        starts.initializeElement(at: names.count, to: start)
    }

    deinit {
        signatures.deallocate()
        bytes.deallocate()
        starts.deallocate()
        slots.deallocate()
    }

    /// The index of `name`, `nil` when it is not one of the names.
    public func index(of name: String) -> Int? {
        names.firstIndex(of: name)
    }

    /// The index of the name whose UTF-8 bytes are `key`, `nil` when none is.
    @inline(__always)
    public func index(of key: UnsafeBufferPointer<UInt8>) -> Int? {
        let slot = slots[Self.slot(key)]
        if slot == 0 { return nil }
        if slot != Self.shared {
            let k = Int(slot) - 1
            return equals(k, key) ? k : nil
        }
        let signature = Self.signature(key)
        for k in 0..<signatures.count where signatures[k] == signature && equals(k, key) {
            return k
        }
        return nil
    }

    /// Whether name `k` is byte for byte `key`.
    @inline(__always)
    private func equals(_ k: Int, _ key: UnsafeBufferPointer<UInt8>) -> Bool {
        UnsafeBufferPointer(rebasing: bytes[starts[k]..<starts[k + 1]]).hasSameBytes(as: key)
    }

    /// Where a name goes in ``JSONKeys/slots``: its length, first and last bytes mixed.
    @inline(__always)
    private static func slot(_ key: UnsafeBufferPointer<UInt8>) -> Int {
        let count = key.count
        guard count > 0 else { return 0 }
        return (count &* 37 &+ Int(key[0]) &* 7 &+ Int(key[count - 1]) &* 3) & 255
    }

    /// The length and the first 7 bytes: names up to 7 bytes are equal exactly when their
    /// signatures are.
    @inline(__always)
    static func signature(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var signature = UInt64(truncatingIfNeeded: bytes.count) << 56
        for k in 0..<min(bytes.count, 7) {
            signature |= UInt64(bytes[k]) << (8 * k)
        }
        return signature
    }
}

/// The members of one object read against ``JSONKeys``: the value of each name, if present, and
/// the first member name (in document order) that is not one of them.
public struct JSONFields {
    @usableFromInline let storage: JSONStorage
    /// Tape index of the object.
    private let objectIndex: Int
    /// Tape index of each name's value, `-1` when absent.
    @usableFromInline var slots = SIMD16<Int32>(repeating: -1)
    /// Tape index of the first member name that is not among the keys, `-1` when every one is.
    private var unknown: Int32 = -1

    init(object: JSONValue, keys: JSONKeys) {
        precondition(keys.names.count <= JSONKeys.fieldCapacity, "an object is read against at most \(JSONKeys.fieldCapacity) names")
        storage = object.storage
        objectIndex = object.index
        let entry = object.entry
        guard entry.kind == .object else { return }
        let tape = storage.tape
        let bytes = storage.bytes
        var i = object.index + 1
        for _ in 0..<Int(entry.length) {
            let keyEntry = tape[i]
            let content = UnsafeBufferPointer(rebasing: bytes[keyEntry.contentRange])
            let found = keyEntry.hasEscapes
                ? unescape(content).withUnsafeBufferPointer { keys.index(of: $0) }
                : keys.index(of: content)
            if let found {
                // `found` is below the capacity (the precondition above): a plain store into the
                // vector's bytes, not the SIMD subscript's checked lane insert (~20 instructions).
                withUnsafeMutableBytes(of: &slots) {
                    $0.storeBytes(of: Int32(truncatingIfNeeded: i + 1), toByteOffset: found &* 4, as: Int32.self)
                }
            } else if unknown < 0 {
                unknown = Int32(truncatingIfNeeded: i)
            }
            i = Int(tape[i + 1].next)
        }
    }

    /// The object read.
    public var object: JSONValue { JSONValue(storage: storage, index: objectIndex) }

    /// The first member name that is not among the keys, unescaped; `nil` when every name is.
    public var unknownKey: String? {
        unknown < 0 ? nil : JSONValue.string(of: storage.tape[Int(unknown)], in: storage.bytes)
    }

    /// The value of the name at `index` in the keys, `nil` when the object has no such member.
    @inlinable
    public subscript(index: Int) -> JSONValue? {
        let slot = slots[index]
        return slot < 0 ? nil : JSONValue(storage: storage, index: Int(slot))
    }
}

extension JSONValue {
    /// This object's members matched against `keys` (at most ``JSONKeys/fieldCapacity``) in one
    /// pass (no members for a non-object).
    public func fields(_ keys: JSONKeys) -> JSONFields {
        JSONFields(object: self, keys: keys)
    }

    /// The index of this string among `keys`, compared after unescaping; `nil` when it is none
    /// of them or not a string. Reads the entry in place rather than through
    /// ``JSONValue/withStringUTF8(_:)`` (whose optional pair and closure cost about 70
    /// instructions per attribute or relation read).
    public func string(in keys: JSONKeys) -> Int? {
        let entry = self.entry
        guard entry.kind == .string else { return nil }
        let content = storage.content(of: entry)
        if entry.hasEscapes { return unescape(content).withUnsafeBufferPointer { keys.index(of: $0) } }
        // `content` points into the document, which this value keeps alive.
        return withExtendedLifetime(self) { keys.index(of: content) }
    }

    /// Calls `body` with the unescaped UTF-8 bytes of this string (no `String` is made); `nil`
    /// when this is not a string.
    @inlinable
    public func withStringUTF8<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result? {
        guard let (content, unescaped) = stringContent() else { return nil }
        if let unescaped { return unescaped.withUnsafeBufferPointer(body) }
        // `content` points into the document, which this value keeps alive.
        return withExtendedLifetime(self) { body(content) }
    }

    /// A string's bytes in the document and, when it has escapes, its unescaped bytes; `nil`
    /// when this is not a string.
    @usableFromInline
    func stringContent() -> (UnsafeBufferPointer<UInt8>, [UInt8]?)? {
        let entry = self.entry
        guard entry.kind == .string else { return nil }
        let content = storage.content(of: entry)
        return (content, entry.hasEscapes ? unescape(content) : nil)
    }
}
