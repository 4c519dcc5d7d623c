import Foundation
import ReceiptKit

/// Files of the checkout the harnesses borrow, found from this file's place in it (the harnesses only ever
/// run from a build of the checkout). Each is optional: without it a harness still runs, covering less.
enum FuzzFixtures {
    static let projectRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    static func bytes(_ relativePath: String) -> [UInt8]? {
        FileManager.default.contents(atPath: projectRoot.appendingPathComponent(relativePath).path).map(Array.init)
    }

    /// The `signature` value of TestVectors' iOS 6 transaction receipt: a well-formed signature blob with its
    /// certificate, so that a purchase-info made by the fuzzer reaches verification.
    static let transactionSignature: String? = {
        guard let base64 = bytes("TestVectors/receipts/ios6-transaction.b64"),
            let plist = Data(base64Encoded: Data(base64), options: .ignoreUnknownCharacters)
        else { return nil }
        do {
            return try OldStylePlist.parseDictionary(Array(plist)).pairs.first { $0.key == "signature" }?.value
        } catch {
            return nil
        }
    }()
}
