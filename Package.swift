// swift-tools-version: 6.1
//
// MoneyKit: parse money as people type it, in any ICU locale, into exact amounts.
//
// Layout (top to bottom): the public library and the CLI, then their targets,
// then the ICU plumbing they sit on, then tests.
import PackageDescription

let package = Package(
    name: "MoneyKit",
    // Linux is the supported platform (README, "Platforms"). On Apple's platforms MoneyKit
    // needs an ICU with headers and a pkg-config file (Homebrew's icu4c on macOS; none on
    // iOS), and the Synchronization module, hence macOS 15; untested there.
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "MoneyKit", targets: ["MoneyKit"]),
        // Currency conversion with cached exchange rates: its own product, so the parser stays free of networking.
        .library(name: "MoneyKitExchange", targets: ["MoneyKitExchange"]),
        // fxparse is no declared product: SwiftPM resolves the dependencies of every declared
        // product for a client, so declaring it made every library client fetch and resolve
        // swift-argument-parser. In this checkout `swift build --product fxparse` still builds
        // it (SwiftPM gives a root package's executable targets products of their own).
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        // parsebench only: the CSV reader fxparse used before it streamed, measured against ours.
        .package(url: "https://github.com/yaslab/CSV.swift", from: "2.5.2"),
        // Property tests: seeded generators whose failing case prints the seed to replay it.
        .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1"),
        // Tests only: an HTTP server on 127.0.0.1 for the rate cache's network tests.
        .package(url: "https://github.com/swhitty/FlyingFox", from: "0.27.1"),
        // The API documentation (`make docs`: swift package generate-documentation).
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        // The library: locale data, tokenizer, state machine, currency resolution.
        .target(
            name: "MoneyKit",
            dependencies: ["CMoneyKitICU", "CThreadSanitizerHooks"],
            // The supplement of written currency forms ICU lacks: one data file, compiled in.
            resources: [.embedInCode("Resources/marker-supplement.tsv")]
        ),

        // Exchange rates: sources (ECB XML, JSON), conversion.
        .target(name: "MoneyKitExchange", dependencies: ["MoneyKit"]),

        // Reading and checking corpora in the TestData CSV format, and streaming CSV through
        // the parser (shared by fxparse and the tests).
        .target(name: "MoneyKitCorpus", dependencies: ["MoneyKit"]),

        // The command-line tool.
        .executableTarget(
            name: "fxparse",
            dependencies: [
                "MoneyKit",
                "MoneyKitExchange",
                "MoneyKitCorpus",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),

        // Benchmarks: MoneyKit against Foundation and ICU in one process, on the TestData rows.
        .executableTarget(
            name: "parsebench",
            dependencies: [
                "MoneyKit", "MoneyKitCorpus", "CMoneyKitICU", "CAllocationCounter",
                // Only to measure CSV reading against it (`parsebench --csv`).
                .product(name: "CSV", package: "CSV.swift"),
            ],
            path: "Benchmarks/parsebench"
        ),

        // Counts the calling thread's heap allocations by interposing glibc's malloc family
        // (only in the executables that link it: parsebench and the test runner).
        .target(name: "CAllocationCounter"),

        // Announces MoneyKit's locks to ThreadSanitizer, which cannot see Mutex's futex waits
        // on Linux (no-ops outside sanitizer builds).
        .target(name: "CThreadSanitizerHooks"),

        // ICU plumbing. System ICU's C API is a set of version-renamed macros that Swift
        // cannot call, and its headers clash with the ICU that Foundation bundles. So only
        // C code ever includes them: `CMoneyKitICU` wraps what we need in prefixed functions
        // over stdint types, and `CICU` contributes the compiler and linker flags.
        .target(name: "CMoneyKitICU", dependencies: ["CICU"]),
        .systemLibrary(
            name: "CICU",
            pkgConfig: "icu-i18n",
            providers: [.apt(["libicu-dev"])]
        ),

        // Tests: one target per module, mirroring Sources (MoneyKit, MoneyKitExchange,
        // MoneyKitCorpus, fxparse), and what they share: the TestData directory and whether the
        // build is instrumented by a sanitizer.
        .target(name: "TestSupport", dependencies: ["MoneyKitCorpus", "CAllocationCounter"], path: "Tests/TestSupport"),
        .testTarget(
            name: "MoneyKitTests",
            dependencies: [
                "MoneyKit", "MoneyKitCorpus", "TestSupport", "CAllocationCounter",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ]
        ),
        .testTarget(
            name: "MoneyKitExchangeTests",
            dependencies: [
                "MoneyKit", "MoneyKitExchange", "MoneyKitCorpus", "TestSupport",
                // An HTTP server on 127.0.0.1 for the rate cache's network tests.
                .product(name: "FlyingFox", package: "FlyingFox"),
            ]
        ),
        .testTarget(name: "MoneyKitCorpusTests", dependencies: ["MoneyKitCorpus", "TestSupport"]),
        // A pseudo-terminal for the tests of `fxparse edit` (Glibc's module lacks posix_openpt).
        .target(name: "CPseudoTerminal", path: "Tests/CPseudoTerminal"),
        // Runs the built fxparse binary, as a user would, so it depends on it.
        .testTarget(name: "FXParseTests", dependencies: ["fxparse", "MoneyKitCorpus", "TestSupport", "CPseudoTerminal"]),
    ],
    swiftLanguageModes: [.v6]
)

// libFuzzer targets, only when Fuzz/run.sh builds them (MONEYKIT_FUZZ=1, with
// -sanitize=fuzzer,address): they need libFuzzer's runtime, so ordinary builds leave them out.
if Context.environment["MONEYKIT_FUZZ"] != nil {
    package.targets += [
        .target(name: "CFuzzDriver", path: "Fuzz/Driver"),
        .target(name: "FuzzSupport", dependencies: ["MoneyKit", "CFuzzDriver"], path: "Fuzz/Support"),
        .executableTarget(name: "fuzz-parse", dependencies: ["MoneyKit", "MoneyKitCorpus", "FuzzSupport"], path: "Fuzz/Parse"),
        .executableTarget(name: "fuzz-roundtrip", dependencies: ["MoneyKit", "FuzzSupport"], path: "Fuzz/RoundTrip"),
        .executableTarget(name: "fuzz-csv", dependencies: ["MoneyKit", "MoneyKitCorpus", "FuzzSupport"], path: "Fuzz/CSV"),
        .executableTarget(name: "fuzz-arithmetic", dependencies: ["MoneyKit", "FuzzSupport"], path: "Fuzz/Arithmetic"),
        .executableTarget(name: "fuzz-editing", dependencies: ["MoneyKit", "FuzzSupport"], path: "Fuzz/Editing"),
        .executableTarget(name: "fuzz-shortcut", dependencies: ["MoneyKit", "FuzzSupport"], path: "Fuzz/Shortcut"),
        .executableTarget(name: "fuzz-extract", dependencies: ["MoneyKit", "FuzzSupport"], path: "Fuzz/Extract"),
        // Writes the seed corpora from TestData.
        .executableTarget(name: "fuzz-seeds", dependencies: ["MoneyKitCorpus"], path: "Fuzz/Seeds"),
    ]
    package.products += ["fuzz-parse", "fuzz-roundtrip", "fuzz-csv", "fuzz-arithmetic", "fuzz-editing", "fuzz-shortcut", "fuzz-extract", "fuzz-seeds"].map { .executable(name: $0, targets: [$0]) }
}
