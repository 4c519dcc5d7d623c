// swift-tools-version:6.0
import PackageDescription

// A separate package so benchmark code never ships in, or slows the builds of, the main package.
// Build: swift build -c release --package-path Benchmarks   (its .build stays in Benchmarks/.build)
let package = Package(
    name: "appreceipt-benchmarks",
    dependencies: [
        .package(name: "appreceipt", path: "..")
    ],
    targets: [
        .executableTarget(
            name: "receipt-bench",
            dependencies: [.product(name: "ReceiptKit", package: "appreceipt")]
        ),
        .executableTarget(
            name: "index-memory",
            dependencies: [
                .product(name: "ReceiptKit", package: "appreceipt"),
                .product(name: "ReceiptAudit", package: "appreceipt"),
            ]
        ),
        // The SQLite index of audit --index at 10 million keys (docs/audit-index.md).
        .executableTarget(
            name: "index-bench",
            dependencies: [
                .product(name: "ReceiptKit", package: "appreceipt"),
                .product(name: "ReceiptAudit", package: "appreceipt"),
            ]
        ),
    ]
)
