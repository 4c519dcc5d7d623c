// swift-tools-version:6.0
import PackageDescription

/// Settings every Swift target of this package shares.
let strictSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
    .enableUpcomingFeature("InternalImportsByDefault"),
]

let package = Package(
    name: "appreceipt",
    products: [
        .executable(name: "appreceipt", targets: ["appreceipt"]),
        .library(name: "ReceiptKit", targets: ["ReceiptKit"]),
        .library(name: "ReceiptAudit", targets: ["ReceiptAudit"]),
    ],
    // Typed commands, generated help, completion scripts and the generate-manual plugin (man/). Offline
    // machines resolve it through the mirror scripts/swiftpm-mirrors.sh sets up.
    dependencies: [.package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.5.0")],
    targets: [
        .systemLibrary(
            name: "COpenSSL",
            pkgConfig: "openssl",
            providers: [.apt(["libssl-dev"]), .brew(["openssl@3"])]
        ),
        // libcurl 4 for everything that talks to a network (ReceiptRemote); the release binary links it shared.
        .systemLibrary(
            name: "CCurl",
            pkgConfig: "libcurl",
            providers: [.apt(["libcurl4-openssl-dev"]), .brew(["curl"])]
        ),
        // SQLite 3 for audit --index, the cross-batch signal index (ReceiptAudit).
        .systemLibrary(
            name: "CSQLite",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"]), .brew(["sqlite"])]
        ),
        .target(name: "ReceiptKit", dependencies: ["COpenSSL"], swiftSettings: strictSettings),
        // The batch engine: readers, worker threads, signals and summaries over many receipts.
        .target(name: "ReceiptAudit", dependencies: ["ReceiptKit", "CSQLite"], swiftSettings: strictSettings),
        .target(name: "ReceiptRemote", dependencies: ["ReceiptKit", "CCurl"], swiftSettings: strictSettings),
        .target(name: "ReceiptReport", dependencies: ["ReceiptKit", "ReceiptAudit"], swiftSettings: strictSettings),
        .target(
            name: "ReceiptCLI",
            dependencies: [
                "ReceiptKit", "ReceiptAudit", "ReceiptReport", "ReceiptRemote",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: strictSettings),
        .executableTarget(name: "appreceipt", dependencies: ["ReceiptCLI"], swiftSettings: strictSettings),
        // What every test suite shares: the project root, the corpus location, the binary runner, fixtures, temporary
        // folders and skips (CONTRIBUTING.md, "Test support").
        .target(name: "TestSupport", path: "Tests/TestSupport", swiftSettings: strictSettings),
        .testTarget(
            name: "ReceiptKitTests",
            dependencies: ["ReceiptKit", "ReceiptAudit", "ReceiptReport", "TestSupport", "ReceiptTestSupport"],
            swiftSettings: strictSettings),
        // What suites of more than one room share about the project's own libraries: the test-PKI policy, an
        // in-memory file system and pipe for the record readers (TestSupport itself knows no library).
        .target(
            name: "ReceiptTestSupport", dependencies: ["ReceiptKit", "ReceiptAudit", "TestSupport"],
            path: "Tests/ReceiptTestSupport", swiftSettings: strictSettings),
        .testTarget(
            name: "ReceiptAuditTests", dependencies: ["ReceiptAudit", "ReceiptKit", "TestSupport", "ReceiptTestSupport"],
            swiftSettings: strictSettings),
        .testTarget(
            name: "ReceiptReportTests",
            dependencies: ["ReceiptReport", "ReceiptAudit", "ReceiptKit", "TestSupport", "ReceiptTestSupport"],
            swiftSettings: strictSettings),
        // The fuzz harnesses (Fuzz/README.md), built here too so that the replay test runs the same code.
        .target(
            name: "FuzzHarnesses", dependencies: ["ReceiptKit", "ReceiptAudit"], path: "Fuzz/Harnesses",
            swiftSettings: strictSettings),
        .testTarget(name: "FuzzRegressionTests", dependencies: ["FuzzHarnesses", "TestSupport"], swiftSettings: strictSettings),
        .testTarget(
            name: "ReceiptCLITests",
            dependencies: ["ReceiptCLI", "ReceiptKit", "ReceiptAudit", "appreceipt", "TestSupport"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "ReceiptRemoteTests", dependencies: ["ReceiptRemote", "ReceiptKit", "TestSupport"],
            swiftSettings: strictSettings),
    ]
)
