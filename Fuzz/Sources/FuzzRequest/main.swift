import FuzzSupport

/// The request decoder and validator, then the engine and the encoders, on arbitrary bodies.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRequest(_ data: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    FuzzExchange.check(Array(UnsafeBufferPointer(start: data, count: count)))
    return 0
}
