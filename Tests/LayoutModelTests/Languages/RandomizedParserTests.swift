import JSON
import Testing
@testable import LayoutModel

#if canImport(Glibc)
import Glibc
#endif

/// Inputs per randomized parser test: 4000, or `LAYOUT_FUZZ_ITERATIONS` for a long run.
let langFuzzIterations = getenv("LAYOUT_FUZZ_ITERATIONS").flatMap { Int(String(cString: $0)) } ?? 4000

/// SplitMix64: deterministic, so any failure is reproducible from the printed seed and iteration.
struct LangRandom {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    mutating func below(_ n: Int) -> Int { Int(next() % UInt64(n)) }
    mutating func pick<T>(_ xs: [T]) -> T { xs[below(xs.count)] }
}

/// Mutates a string: insert, delete, replace, duplicate or swap characters, several times.
func langMutate(_ s: String, alphabet: [Character], rng: inout LangRandom) -> String {
    var chars = Array(s)
    for _ in 0..<(1 + rng.below(4)) {
        switch rng.below(5) {
        case 0:
            chars.insert(rng.pick(alphabet), at: rng.below(chars.count + 1))
        case 1 where !chars.isEmpty:
            chars.remove(at: rng.below(chars.count))
        case 2 where !chars.isEmpty:
            chars[rng.below(chars.count)] = rng.pick(alphabet)
        case 3 where !chars.isEmpty:
            let a = rng.below(chars.count), b = min(chars.count, a + 1 + rng.below(6))
            chars.insert(contentsOf: chars[a..<b], at: rng.below(chars.count + 1))
        case 4 where chars.count > 1:
            let a = rng.below(chars.count), b = rng.below(chars.count)
            chars.swapAt(a, b)
        default:
            break
        }
    }
    return String(chars)
}

/// Checks the outcome of one expansion: either constraints that all validate, or a well-formed problem.
func langCheckOutcome(_ body: () throws(LayoutProblem) -> [LayoutConstraint], input: String) -> Bool {
    do {
        let cs = try body()
        for c in cs {
            do {
                try ConstraintValidation.validate(c, hierarchy: LangHierarchy.standard)
            } catch {
                Issue.record("accepted an invalid constraint \(c.debugDescription) from \(input): \(error.detail)")
                return false
            }
            if c.id.text.isEmpty || !c.pointer.description.hasPrefix("/constraints/0") {
                Issue.record("bad id or pointer for \(input)")
                return false
            }
        }
        return true
    } catch {
        let ok = (error.status == 400 || error.status == 422) && !error.type.isEmpty && !error.detail.isEmpty
            && error.pointer.description.hasPrefix("/constraints/0")
        if !ok { Issue.record("malformed problem for \(input): \(error)") }
        return false
    }
}

/// A random format from the grammar (mostly valid), to exercise the success paths too.
func langRandomFormat(rng: inout LangRandom) -> String {
    let connections = ["", "-", "-8-", "-(>=8)-", "-(<=pad@p)-", "-(-4)-", "-gap-", "-(>=0,<=40@250)-", "-(==12.5@999)-"]
    let predicates = ["", "(100)", "(>=w)", "(==a)", "(<=200@750)", "(>=50,<=200@p)", "(==b@500)"]
    var out = rng.pick(["", "H:", "V:"])
    let bars = rng.below(4)
    if bars & 1 != 0 { out += "|" + rng.pick(connections) }
    let names = ["a", "b", "c", "d"]
    for k in 0..<(1 + rng.below(4)) {
        if k > 0 { out += rng.pick(connections) }
        out += "[" + rng.pick(names) + rng.pick(predicates) + "]"
    }
    if bars & 2 != 0 { out += rng.pick(connections) + "|" }
    return out
}

/// A random equation from the grammar (mostly valid).
func langRandomEquation(rng: inout LangRandom) -> String {
    let items = ["a", "b", "c", "title", "root.safeArea"]
    let horizontal = ["left", "right", "leading", "centerX", "leftMargin"]
    let vertical = ["top", "bottom", "centerY", "baseline", "firstBaseline"]
    let family = rng.pick([horizontal, vertical, ["width", "height"]])
    var out = rng.pick(items) + "." + rng.pick(family) + " " + rng.pick(["==", "<=", ">="]) + " "
    switch rng.below(3) {
    case 0: out += rng.pick(["0", "-5", "12.5", "1e2"])
    case 1: out += rng.pick(["2 * ", "0.5*", ""]) + rng.pick(items) + "." + rng.pick(family)
    default: out += rng.pick(items) + "." + rng.pick(family) + rng.pick(["", " * 2", " / 4", "*-1"]) + rng.pick(["", " + 8", " - 3.5", "+0"])
    }
    out += rng.pick(["", " @750", " @ low", "@required", " @1", " @999.5"])
    return out
}

@Suite("Randomized parsers")
struct LanguagesRandomizedParserTests {
    static let equationSeeds = [
        "a.left == b.left", "b.leading >= a.trailing * 2 + 8 @750", "a.width == 0.5 * b.height + 3",
        "a.width <= 100 @low", "title.top == root.safeArea.top + 8 @required", "a.left == 20",
        "a.width == b.width / 2 - 1e1 @ 999.5", "a.centerX == -20 @high",
    ]
    static let equationAlphabet: [Character] = Array("ab.leftwidthcenterXroot=<>*/+-@ 0123456789.eE()#é\t\n") + ["é", "👍"]

    static let vflSeeds = [
        "H:|-[a]-[b(==a)]-|", "V:|-20-[a(>=50,<=200@750)]-(>=8@250)-[b]|", "[a]-(-10)-[b(100@20)]",
        "H:|[a][b]|", "|-pad-[a(w@p)]-gap-[b(>=w)]-(<=pad)-|", "V:[root.safeArea]-[title]",
        "H:[a]-(>=8,<=40@250)-[b]-[c(==b@500)]",
    ]
    static let vflAlphabet: [Character] = Array("HV:|-[]()@,=<>abcpadwg0123456789.eE+ _#") + ["é", "\u{1}"]

    @Test func equations() {
        var rng = LangRandom(state: 0x5EED_0001)
        var accepted = 0, rejected = 0
        for _ in 0..<langFuzzIterations {
            let input: String
            if rng.below(3) == 0 {
                input = langRandomEquation(rng: &rng)
            } else if rng.below(5) == 0 {
                input = String((0..<rng.below(30)).map { _ in rng.pick(Self.equationAlphabet) })
            } else {
                input = langMutate(rng.pick(Self.equationSeeds), alphabet: Self.equationAlphabet, rng: &rng)
            }
            if langCheckOutcome({ () throws(LayoutProblem) in try langEquation(input) }, input: input) { accepted += 1 } else { rejected += 1 }
        }
        print("randomized equations: \(accepted) accepted, \(rejected) rejected")
        #expect(accepted + rejected == langFuzzIterations)
        #expect(accepted > 100 && rejected > 100)
    }

    @Test func visualFormats() {
        var rng = LangRandom(state: 0x5EED_0002)
        var accepted = 0, rejected = 0
        let metricsOptions = [#""metrics":{"pad":16,"w":100,"p":750,"gap":4}"#,
                              #""metrics":{"pad":16,"w":100,"p":750,"gap":4},"options":["alignAllTop"]"#,
                              #""metrics":{"pad":16,"w":100,"p":750,"gap":4},"options":["directionRightToLeft","spacingBaselineToBaseline"]"#,
                              #""metrics":{"pad":16,"w":100,"p":750,"gap":4},"options":["alignAllLeading"]"#]
        for _ in 0..<langFuzzIterations {
            let format: String
            if rng.below(3) == 0 {
                format = langRandomFormat(rng: &rng)
            } else if rng.below(5) == 0 {
                format = String((0..<rng.below(30)).map { _ in rng.pick(Self.vflAlphabet) })
            } else {
                format = langMutate(rng.pick(Self.vflSeeds), alphabet: Self.vflAlphabet, rng: &rng)
            }
            let text = "{\"visualFormat\":\(langJSONString(format)),\(rng.pick(metricsOptions))}"
            let ok = langCheckOutcome({ () throws(LayoutProblem) in try langExpand(text) }, input: format)
            if ok { accepted += 1 } else { rejected += 1 }
            // A parse error's caret line sits inside (or just past) the format.
            do {
                _ = try langExpand(text)
            } catch where error.type == "parse-error" && error.pointer.description.hasSuffix("/visualFormat") {
                let lines = error.detail.split(separator: "\n", omittingEmptySubsequences: false)
                #expect(lines.count >= 5)
                if lines.count >= 5 {
                    #expect(lines[lines.count - 2].count <= format.count + 1)
                }
            } catch {}
        }
        print("randomized VFL: \(accepted) accepted, \(rejected) rejected")
        #expect(accepted + rejected == langFuzzIterations)
        #expect(accepted > 100 && rejected > 100)
    }

    @Test func mutatedObjects() {
        var rng = LangRandom(state: 0x5EED_0003)
        let seeds = [
            #"{"firstItem":"a","firstAttribute":"left","relation":">=","secondItem":"b","secondAttribute":"right","multiplier":2,"constant":8,"priority":750}"#,
            #"{"view":"a","make":"edges","equalTo":"container","insets":{"top":1,"left":2,"bottom":3,"right":4},"priority":"high","key":"k"}"#,
            #"{"view":"a","make":"left.width","equalTo":["b",10,"c.right"],"offset":3,"multipliedBy":2}"#,
            #"{"distribute":["a","b","c"],"axis":"horizontal","fixedItemLength":30,"leadSpacing":10,"tailSpacing":20}"#,
            #"{"distribute":["a","b"],"axis":"vertical","fixedSpacing":8}"#,
        ]
        let alphabet: [Character] = Array(#"{}[]:,"0123456789-.eabcleftrightwidthmakeviewequalTo "#)
        var parsed = 0
        for _ in 0..<3000 {
            let text = langMutate(rng.pick(seeds), alphabet: alphabet, rng: &rng)
            guard let document = try? JSONDocument(parsing: Array(text.utf8)) else { continue }
            parsed += 1
            _ = langCheckOutcome({ () throws(LayoutProblem) in
                try ConstraintForms.expand(document.root, index: 0, pointer: JSONPointer() / "constraints" / 0,
                                           hierarchy: LangHierarchy.standard, layoutDirection: .leftToRight)
            }, input: text)
        }
        print("randomized objects: \(parsed) parsed as JSON")
        #expect(parsed > 100)
    }
}
