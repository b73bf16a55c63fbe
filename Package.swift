// swift-tools-version: 6.2
// Linux only: the code calls Glibc (and Linux's sync_file_range) directly, and nothing here is built or tested on
// another platform.
import PackageDescription

/// One list of settings for every target. Swift 6 language mode is the tools version's default; these two upcoming
/// features are not enabled by it (the compiler turns them on by default only in language mode 7).
let swiftSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
]

let package = Package(
    name: "mockapi",
    products: [
        .executable(name: "mockapi", targets: ["mockapi"]),
        .library(name: "MockAPITesting", targets: ["MockAPITesting"]),
        .library(name: "APIClient", targets: ["APIClient"]),
        .library(name: "GitHubAPI", targets: ["GitHubAPI"]),
        .library(name: "QiitaAPI", targets: ["QiitaAPI"]),
        .library(name: "GitHubStatusAPI", targets: ["GitHubStatusAPI"]),
        .library(name: "APIClientTesting", targets: ["APIClientTesting"]),
        // For the libFuzzer targets in Tests/Fuzz/ (a package of their own), which reach past the public surface with
        // `@testable import` (scripts/fuzz builds with -enable-testing): little of these two modules is public.
        .library(name: "MockAPICore", targets: ["MockAPICore"]),
        .library(name: "MockAPIInterop", targets: ["MockAPIInterop"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.0"),
        // The client library's requests, responses and header fields: the Swift server ecosystem's HTTP currency.
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.0"),
        // Trusting a given certificate for HTTPS upstreams (record --upstream-ca) and in tests' HTTPS clients;
        // async-http-client already builds it.
        .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.37.0"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
        // `swift package generate-documentation` for the DocC catalogs of MockAPITesting and APIClient (scripts/docs-docc).
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
        // A real GraphQL parser, so recorded and replayed GraphQL requests are matched by meaning (pulls in swift-collections).
        .package(url: "https://github.com/GraphQLSwift/GraphQL", from: "4.3.0"),
    ],
    targets: [
        // C at the edge: each system library is imported by exactly one Swift target.
        .systemLibrary(
            name: "CMicroHTTPD", pkgConfig: "libmicrohttpd",
            providers: [.apt(["libmicrohttpd-dev"])]),
        // GnuTLS, which libmicrohttpd serves HTTPS with: self-signed certificates and checks of given ones.
        .systemLibrary(
            name: "CGnuTLS", pkgConfig: "gnutls",
            providers: [.apt(["libgnutls28-dev"])]),
        .systemLibrary(
            name: "CYAJL", pkgConfig: "yajl",
            providers: [.apt(["libyajl-dev"])]),
        .systemLibrary(
            name: "CZlib", pkgConfig: "zlib",
            providers: [.apt(["zlib1g-dev"])]),
        .systemLibrary(
            name: "CBrotli", pkgConfig: "libbrotlidec",
            providers: [.apt(["libbrotli-dev"])]),
        // Linux's sync_file_range, for writing large files without flooding the disk's queue (libc, no library).
        .systemLibrary(name: "CFileSync"),
        // Linux's pidfd_open, for `--exit-with PID` (libc's syscall, no library).
        .systemLibrary(name: "CProcessWatch"),

        // gzip, deflate and br bodies decoded, so recorded answers are stored readable.
        .target(name: "MockAPICompression", dependencies: ["CZlib", "CBrotli"], swiftSettings: swiftSettings),

        // Order- and literal-preserving JSON for cassettes (Foundation's parsers reorder keys and round numbers).
        .target(name: "MockAPIJSON", dependencies: ["CYAJL"], swiftSettings: swiftSettings),
        // GraphQL documents in canonical form, parsed by GraphQLSwift. Its own target, importing GraphQL
        // implementation-only, so that the modules GraphQL loads (CoreFoundation among them) stay out of MockAPICore's
        // compilation, where they hide Glibc's `stat` from its files in release (whole-module) builds.
        .target(
            name: "MockAPIGraphQL",
            dependencies: ["MockAPIJSON", .product(name: "GraphQL", package: "GraphQL")],
            swiftSettings: swiftSettings),
        // Cassettes, matching, replay, redaction, recording: pure, no sockets.
        .target(
            name: "MockAPICore",
            dependencies: [
                "MockAPIJSON", "MockAPIGraphQL", "MockAPICompression", "CFileSync",
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: swiftSettings,
            plugins: ["ControlAPIDocument"]),
        // docs/control-api.openapi.json, embedded in MockAPICore at build time as the document the server serves.
        .plugin(name: "ControlAPIDocument", capability: .buildTool()),
        // The only code that touches libmicrohttpd and the network.
        .target(
            name: "MockAPIServer",
            dependencies: [
                "CMicroHTTPD", "CGnuTLS", "MockAPICore", "MockAPIJSON",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                // WebSocket frames on the upgraded sockets (conversations replayed and recorded).
                .product(name: "NIOWebSocket", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: swiftSettings),
        // HAR and VCR/vcrpy files in and out of cassettes: pure, no sockets.
        .target(
            name: "MockAPIInterop",
            dependencies: [
                "MockAPICore", "MockAPIJSON", "MockAPICompression", .product(name: "Yams", package: "Yams"),
            ],
            swiftSettings: swiftSettings),
        // The commands, as a library so tests can parse arguments and read help text.
        .target(
            name: "MockAPICLI",
            dependencies: [
                "MockAPIServer", "MockAPICore", "MockAPIInterop", "MockAPIJSON", "CProcessWatch",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: swiftSettings,
            plugins: ["BuildInfo"]),
        // VERSION and the commit, stamped at build time into MockAPICLI for `mockapi --version` and into
        // MockAPITesting, whose recordings note the release.
        .plugin(name: "BuildInfo", capability: .buildTool()),
        .executableTarget(
            name: "mockapi",
            dependencies: ["MockAPICLI"],
            swiftSettings: swiftSettings),
        .target(
            name: "MockAPITesting",
            dependencies: [
                "MockAPIServer", "MockAPICore", "MockAPIJSON", .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: swiftSettings,
            plugins: ["BuildInfo"]),

        // The client library: knows nothing of mockapi; tests swap its base URL.
        .target(
            name: "APIClient",
            dependencies: [
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "HTTPTypesFoundation", package: "swift-http-types"),
            ],
            swiftSettings: swiftSettings),
        .target(name: "GitHubAPI", dependencies: ["APIClient"], swiftSettings: swiftSettings),
        .target(name: "QiitaAPI", dependencies: ["APIClient"], swiftSettings: swiftSettings),
        .target(name: "GitHubStatusAPI", dependencies: ["APIClient"], swiftSettings: swiftSettings),
        // An in-memory transport for users' tests of code built on APIClient.
        .target(
            name: "APIClientTesting",
            dependencies: ["APIClient", .product(name: "HTTPTypes", package: "swift-http-types")],
            swiftSettings: swiftSettings),

        .testTarget(name: "MockAPIJSONTests", dependencies: ["MockAPIJSON"], swiftSettings: swiftSettings),
        // Helpers shared by the test targets (temporary folders and the like).
        .target(
            name: "TestSupport",
            dependencies: [
                "MockAPICore",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ],
            path: "Tests/TestSupport", swiftSettings: swiftSettings),
        .testTarget(
            name: "MockAPICoreTests",
            dependencies: [
                "MockAPICore", "MockAPIJSON", "MockAPICompression", "TestSupport",
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: swiftSettings),
        .testTarget(
            name: "MockAPIServerTests",
            dependencies: [
                "MockAPIServer", "MockAPICore", "MockAPIJSON", "MockAPITesting", "MockAPICLI", "MockAPIInterop", "TestSupport",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOWebSocket", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: swiftSettings),
        // Recording end to end, on loopback: proxy round trips, secrets, faults, durability (kill -9 of the binary).
        .testTarget(
            name: "RecordTests",
            dependencies: [
                "MockAPIServer", "MockAPICore", "MockAPITesting", "MockAPICLI", "MockAPICompression", "MockAPIJSON", "TestSupport",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOWebSocket", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: swiftSettings),
        // import, export, lint and scrub: formats in and out, round trips through the replay server, exit codes.
        .testTarget(
            name: "InteropTests",
            dependencies: [
                "MockAPIInterop", "MockAPICore", "MockAPIJSON", "MockAPICompression", "MockAPICLI", "MockAPITesting", "APIClient",
                "TestSupport",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            resources: [.copy("Resources")],
            swiftSettings: swiftSettings),
        .testTarget(
            name: "APIClientTests",
            dependencies: ["APIClient", "APIClientTesting", "GitHubAPI", "QiitaAPI", "GitHubStatusAPI"],
            swiftSettings: swiftSettings),
        .testTarget(
            name: "IntegrationTests",
            dependencies: [
                "APIClient", "GitHubAPI", "QiitaAPI", "GitHubStatusAPI", "MockAPITesting", "MockAPICore", "MockAPIJSON",
            ],
            exclude: ["Recordings"],  // cassettes the tests read from their files (README there)
            swiftSettings: swiftSettings),
    ]
)
