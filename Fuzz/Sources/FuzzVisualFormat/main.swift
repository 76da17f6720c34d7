import FuzzSupport
import JSON

/// The visual format parser: the first byte picks options, the rest (as UTF-8) is the format
/// string, with the metrics `m` = 20 and `big` = 1e6 available, among views root, a, b, c.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzVisualFormat(_ data: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let bytes = UnsafeBufferPointer(start: data, count: count)
    let options = ["alignAllTop", "alignAllCenterY", "alignAllLeading", "alignAllLastBaseline",
                   "directionRightToLeft", "spacingBaselineToBaseline"]
    let selector = bytes.first ?? 0
    let format = String(decoding: bytes.dropFirst(), as: UTF8.self)
    FuzzExchange.check(FuzzExchange.request { writer in
        writer.beginObject()
        writer.key("visualFormat"); writer.string(format)
        writer.key("metrics")
        writer.beginObject()
        writer.key("m"); writer.number(20)
        writer.key("big"); writer.number(1e6)
        writer.endObject()
        writer.key("options")
        writer.beginArray()
        for (bit, option) in options.enumerated() where selector & (1 << bit) != 0 { writer.string(option) }
        writer.endArray()
        writer.endObject()
    })
    return 0
}
