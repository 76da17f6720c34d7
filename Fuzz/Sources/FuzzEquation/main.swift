import FuzzSupport
import JSON

/// The equation parser: the input (as UTF-8, invalid sequences replaced) is one constraint
/// string among views root, a, b, c.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzEquation(_ data: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: count), as: UTF8.self)
    FuzzExchange.check(FuzzExchange.request { $0.string(text) })
    return 0
}
