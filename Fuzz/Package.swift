// swift-tools-version:6.0
import PackageDescription

// The libFuzzer targets (see README.md here). A separate package, like Benchmarks/, because its executables
// have no main of their own: libFuzzer supplies it, so they only link with --sanitize=fuzzer.
// Build: swift build -c release --package-path Fuzz --sanitize=fuzzer --sanitize=address (or `make fuzz`).
let fuzzTargets = ["decode-verify", "asn1", "plist", "jws", "json", "subscriptions", "audit-record"]

let package = Package(
    name: "appreceipt-fuzz",
    dependencies: [.package(name: "appreceipt", path: "..")],
    targets: [
        // The same sources as the main package's FuzzHarnesses target, which the regression replay test uses (a
        // different module name, so that the two packages never declare the same one).
        .target(
            name: "Harnesses",
            dependencies: [
                .product(name: "ReceiptKit", package: "appreceipt"),
                .product(name: "ReceiptAudit", package: "appreceipt"),
            ],
            path: "Harnesses"
        )
    ]
        + fuzzTargets.map { name in
            .executableTarget(name: "fuzz-\(name)", dependencies: ["Harnesses"], path: "Targets/fuzz-\(name)")
        }
)
