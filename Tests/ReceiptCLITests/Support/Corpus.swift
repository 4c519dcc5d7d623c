import Foundation

/// The shared real-receipt corpus for the CLI tests, found as ReceiptKitTests' `Fixtures` finds it:
/// `APPRECEIPT_VECTORS=DIR` when set, else `../shared/vectors` beside the checkout.
enum Corpus {
    static let location: URL = {
        let root = BinaryRunner.projectRoot
        guard let override = ProcessInfo.processInfo.environment["APPRECEIPT_VECTORS"], !override.isEmpty else {
            return root.deletingLastPathComponent().appendingPathComponent("shared/vectors")
        }
        return override.hasPrefix("/")
            ? URL(fileURLWithPath: override) : root.appendingPathComponent(override).standardizedFileURL
    }()

    static var available: Bool {
        FileManager.default.fileExists(atPath: location.appendingPathComponent("manifest.json").path)
    }

    /// The skip comment; `make test` counts skips whose comment starts with "shared corpus absent".
    static let absent = "shared corpus absent: no manifest.json in \(location.path) (set APPRECEIPT_VECTORS=DIR)"

    static func path(_ relative: String) -> String { location.appendingPathComponent(relative).path }
}
