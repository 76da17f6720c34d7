// swift-tools-version:6.1
import PackageDescription

// Layers, each depending only on those above it:
//   LayoutSolver  — Cassowary engine: pure Swift, no Foundation, no I/O
//   JSON          — strict, fast JSON reader and writer over raw UTF-8 bytes
//   LayoutModel   — Auto Layout semantics: views, attributes, constraint languages,
//                   wire types, translation into solver terms, diagnosis
//   CMicroHTTPD / CHTTPShim / HTTPServer — libmicrohttpd behind a thin C shim, wrapped in Swift
//   LayoutService — the routes: /solve, health, metrics, CORS, auth, problem+json
//   layoutd, layout — the executables (the server; the CLI, which also runs the benchmarks)
let package = Package(
    name: "layoutd",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "layoutd", targets: ["layoutd"]),
        .executable(name: "layout", targets: ["layout"]),
        .library(name: "LayoutModel", targets: ["LayoutModel"]),
        .library(name: "LayoutSolver", targets: ["LayoutSolver"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.6.0"),
        .package(url: "https://github.com/apple/swift-metrics.git", from: "2.5.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus.git", from: "2.1.0"),
        .package(url: "https://github.com/x-sheep/swift-property-based.git", from: "2.0.0"),
    ],
    targets: [
        .target(name: "LayoutSolver"),
        .target(name: "JSON"),
        .target(name: "LayoutModel", dependencies: ["LayoutSolver", "JSON"]),
        .systemLibrary(
            name: "CMicroHTTPD",
            pkgConfig: "libmicrohttpd",
            providers: [.apt(["libmicrohttpd-dev"])]
        ),
        .target(name: "CHTTPShim", dependencies: ["CMicroHTTPD"]),
        .target(name: "HTTPServer", dependencies: [
            "CHTTPShim",
            .product(name: "Logging", package: "swift-log"),
        ]),
        .target(name: "LayoutService", dependencies: [
            "LayoutModel", "JSON", "HTTPServer",
            .product(name: "Logging", package: "swift-log"),
            .product(name: "Metrics", package: "swift-metrics"),
            .product(name: "Prometheus", package: "swift-prometheus"),
        ], resources: [.embedInCode("Resources/openapi.yaml"), .embedInCode("Resources/playground.html")]),
        .executableTarget(name: "layoutd", dependencies: [
            "LayoutService", "HTTPServer",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
            .product(name: "Logging", package: "swift-log"),
        ]),
        .executableTarget(name: "layout", dependencies: [
            "LayoutModel", "LayoutSolver", "JSON",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),
        .testTarget(name: "LayoutSolverTests", dependencies: [
            "LayoutSolver",
            .product(name: "PropertyBased", package: "swift-property-based"),
        ]),
        .testTarget(name: "JSONTests", dependencies: ["JSON"]),
        .testTarget(name: "LayoutModelTests", dependencies: ["LayoutModel", "LayoutSolver", "JSON"]),
        .target(name: "HTTPTestSupport", path: "Tests/HTTPTestSupport"),
        .testTarget(name: "HTTPServerTests", dependencies: [
            "HTTPServer", "CHTTPShim", "HTTPTestSupport", .product(name: "InMemoryLogging", package: "swift-log"),
        ]),
        .testTarget(name: "LayoutServiceTests", dependencies: ["LayoutService", "HTTPServer", "HTTPTestSupport", "JSON"]),
        .testTarget(name: "LayoutCLITests", dependencies: ["layout", "layoutd"]),
    ]
)

// libFuzzer targets (README, "Fuzzing"): only with LAYOUTD_FUZZ=1, since they have no main of
// their own (libFuzzer's is linked in by --sanitize=fuzzer) and so build only with it:
//   LAYOUTD_FUZZ=1 swift build --sanitize=fuzzer --sanitize=address -Xswiftc -parse-as-library \
//     -Xswiftc -sanitize=fuzzer,address --scratch-path .build-fuzz --product FuzzRequest
// (swiftc keeps only the last -sanitize=; the combined one keeps libFuzzer's coverage counters.)
if Context.environment["LAYOUTD_FUZZ"] == "1" {
    package.targets += [
        .target(name: "FuzzSupport", dependencies: ["LayoutModel", "LayoutSolver", "JSON"], path: "Fuzz/Sources/FuzzSupport"),
        .executableTarget(name: "FuzzRequest", dependencies: ["FuzzSupport"], path: "Fuzz/Sources/FuzzRequest"),
        .executableTarget(name: "FuzzEquation", dependencies: ["FuzzSupport", "JSON"], path: "Fuzz/Sources/FuzzEquation"),
        .executableTarget(name: "FuzzVisualFormat", dependencies: ["FuzzSupport", "JSON"], path: "Fuzz/Sources/FuzzVisualFormat"),
        .executableTarget(name: "FuzzSolver", dependencies: ["LayoutSolver"], path: "Fuzz/Sources/FuzzSolver"),
    ]
}
