// swift-tools-version: 6.1
//
// parse-transcript: a deterministic transcript of MoneyParser's results over millions of
// mutated corpus inputs, to compare two builds of MoneyKit (Fuzz/differential.sh). A package
// of its own, so that the same harness builds against any checkout of MoneyKit: the one named
// by MONEYKIT_PATH, or this repository.
import Foundation
import PackageDescription

let moneyKit = Context.environment["MONEYKIT_PATH"] ?? "../.."
// SwiftPM names a package found by path after its directory.
let moneyKitIdentity = URL(fileURLWithPath: moneyKit, relativeTo: URL(fileURLWithPath: Context.packageDirectory + "/"))
    .standardizedFileURL.lastPathComponent

let package = Package(
    name: "ParseTranscript",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(path: moneyKit),
        .package(url: "https://github.com/yaslab/CSV.swift", from: "2.5.2"),
    ],
    targets: [
        .executableTarget(
            name: "parse-transcript",
            dependencies: [
                .product(name: "MoneyKit", package: moneyKitIdentity),
                .product(name: "CSV", package: "CSV.swift"),
            ]
        )
    ]
)
