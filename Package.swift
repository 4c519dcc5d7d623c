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
    ],
    targets: [
        .systemLibrary(
            name: "COpenSSL",
            pkgConfig: "openssl",
            providers: [.apt(["libssl-dev"]), .brew(["openssl@3"])]
        ),
        .target(name: "ReceiptKit", dependencies: ["COpenSSL"], swiftSettings: strictSettings),
        .target(name: "ReceiptCLI", dependencies: ["ReceiptKit"], swiftSettings: strictSettings),
        .executableTarget(name: "appreceipt", dependencies: ["ReceiptCLI"], swiftSettings: strictSettings),
        .testTarget(name: "ReceiptKitTests", dependencies: ["ReceiptKit"], swiftSettings: strictSettings),
        .testTarget(
            name: "ReceiptCLITests",
            dependencies: ["ReceiptCLI", "ReceiptKit", "appreceipt"],
            swiftSettings: strictSettings
        ),
    ]
)
