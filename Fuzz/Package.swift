// swift-tools-version:6.0
import Foundation
import PackageDescription

// The libFuzzer targets (see README.md here). A separate package, like Benchmarks/, because its executables
// have no main of their own: libFuzzer supplies it, so they only link with --sanitize=fuzzer.
// Build: swift build -c release --package-path Fuzz --sanitize=fuzzer --sanitize=address (or `make fuzz`).
let fuzzTargets = ["decode-verify", "asn1", "plist", "jws", "json", "subscriptions", "audit-record"]

// The harnesses fuzz ReceiptKit's internals (ASN1Node, OldStylePlist, JSONParser, ...), which are `package`: visible
// to modules compiled under the name of the package that declares them. SwiftPM names a package after its folder
// (its identity, here the clone's folder, `..`), mangled to an identifier; the harnesses are compiled under it too.
let mainPackageName: String = {
    let folder = URL(fileURLWithPath: Context.packageDirectory).deletingLastPathComponent().lastPathComponent.lowercased()
    let name = String(folder.map { $0.isASCII && ($0.isLetter || $0.isNumber) ? $0 : "_" })
    return name.first?.isNumber == true ? "_" + name : name
}()

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
            path: "Harnesses",
            packageAccess: false,  // SwiftPM's own -package-name (this package's) would come after the one below
            swiftSettings: [.unsafeFlags(["-package-name", mainPackageName])]
        )
    ]
        + fuzzTargets.map { name in
            .executableTarget(name: "fuzz-\(name)", dependencies: ["Harnesses"], path: "Targets/fuzz-\(name)")
        }
)
