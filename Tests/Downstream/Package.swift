// swift-tools-version: 6.0
// A package outside mockapi that depends on it by path, as a user's package would: its tests record and replay
// cassettes with the `.cassette` trait and `withCassette`. scripts/test-downstream copies it to .build-downstream/ and
// drives it through every record mode against a stand-in API on 127.0.0.1.
import PackageDescription

let package = Package(
    name: "Downstream",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "mockapi", path: "../.."),
    ],
    targets: [
        .testTarget(
            name: "DownstreamTests",
            dependencies: [
                .product(name: "MockAPITesting", package: "mockapi"),
                .product(name: "APIClient", package: "mockapi"),
            ]),
    ]
)
