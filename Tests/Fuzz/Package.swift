// swift-tools-version: 6.0
import Foundation
import PackageDescription

// libFuzzer targets for mockapi, kept out of the main package so that `swift build` never builds them. Build and run
// them with scripts/fuzz, which passes `-sanitize=fuzzer,address -parse-as-library` and its own scratch path
// (.build-fuzz); a plain `swift build` here makes executables without a main. The targets test the package's own
// (`package`) declarations through `@testable import`, which is why scripts/fuzz also passes -enable-testing.
//
// The main package is the repository root, two folders up; SwiftPM names a path dependency after its folder, which
// depends on where the repository was cloned, so the name is read from the path.
let mainPackage = URL(fileURLWithPath: Context.packageDirectory).deletingLastPathComponent().deletingLastPathComponent()
let core = Target.Dependency.product(name: "MockAPICore", package: mainPackage.lastPathComponent)
let interop = Target.Dependency.product(name: "MockAPIInterop", package: mainPackage.lastPathComponent)
let swiftSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
]

let package = Package(
    name: "mockapi-fuzz",
    platforms: [.macOS(.v15)],
    dependencies: [.package(path: "../..")],
    targets: [
        .target(name: "CLibFuzzer"),
        .target(name: "FuzzSupport", dependencies: ["CLibFuzzer"], swiftSettings: swiftSettings),
        // Cassette(bytes:file:): parse, validate, and a loaded cassette survives save and load unchanged.
        .executableTarget(name: "FuzzCassette", dependencies: ["FuzzSupport", core], swiftSettings: swiftSettings),
        // Raw target, headers and body → RequestKey, replay lookup, near-miss report.
        .executableTarget(name: "FuzzMatching", dependencies: ["FuzzSupport", core], swiftSettings: swiftSettings),
        // Redactor over interactions of a fuzzed cassette; what it writes must load again.
        .executableTarget(name: "FuzzRedaction", dependencies: ["FuzzSupport", core], swiftSettings: swiftSettings),
        // HAR or VCR bytes → `mockapi import`'s importer; what it produces loads, what it refuses names the input.
        .executableTarget(name: "FuzzImport", dependencies: ["FuzzSupport", core, interop], swiftSettings: swiftSettings),
    ]
)
