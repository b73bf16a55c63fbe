// swift-tools-version: 6.0
// A package outside mockapi that depends on it by path, as a user's package would: its tests record and replay
// cassettes with the `.cassette` trait and `withCassette`. scripts/test-downstream copies it to .build-downstream/,
// drives it through every record mode against a stand-in API on 127.0.0.1, runs the Swift blocks of the README,
// docs/ and the DocC articles in it, and runs the mockapi command from it with `swift run`.
import PackageDescription

let package = Package(
    name: "Downstream",
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
        // The Swift blocks of the README, docs/ and the DocC articles, written here by scripts/test-downstream
        // (scripts/lib/readme_blocks.py), compiled together and run against the repository's fixtures.
        .testTarget(
            name: "ReadmeTests",
            dependencies: [
                .product(name: "MockAPITesting", package: "mockapi"),
                .product(name: "APIClient", package: "mockapi"),
                .product(name: "APIClientTesting", package: "mockapi"),
                .product(name: "GitHubAPI", package: "mockapi"),
                .product(name: "QiitaAPI", package: "mockapi"),
                .product(name: "GitHubStatusAPI", package: "mockapi"),
            ]),
    ]
)
