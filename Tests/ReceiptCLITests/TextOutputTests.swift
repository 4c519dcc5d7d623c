import Foundation
import ReceiptCLI
import ReceiptKit
import TestSupport
import Testing

/// `--format text` of every subcommand, read off the typed documents: the lines a person reads must carry the
/// values TestVectors/README.md gives for each vector (not values taken from the code under test).
@Suite struct TextOutputTests {
    @Test func decodeTextNamesTheReceiptFieldsCertificatesAndPurchases() {
        let console = BufferConsole()
        #expect(console.run("decode", "--format", "text", "TestVectors/receipts/one-inapp.b64") == 0)
        let lines = console.out.split(separator: "\n").map(String.init)
        #expect(lines.contains("kind                   app_receipt"))
        #expect(lines.contains("layers                 base64 > der"))
        #expect(lines.contains("bundle_id              com.example.appreceipt.one"))
        #expect(lines.contains("receipt_creation_date  2024-03-01 12:00:00 Etc/GMT"))
        #expect(lines.contains("container              signedData, DER, digest sha256, 1 signer(s), 3 certificate(s)"))
        #expect(lines.contains { $0.hasPrefix("  0 leaf ") && $0.contains("Receipt Signing (NOT APPLE)") })
        #expect(lines.contains { $0.hasPrefix("  2 root ") })
        #expect(lines.contains("in_app (1)"))
        // One auto-renewable subscription in its trial period (type 3, trial 1, empty cancellation date).
        let purchase = lines.first { $0.hasPrefix("  com.example.appreceipt.pro.monthly") }
        #expect(purchase?.hasSuffix("trial,type=3") == true, "\(purchase ?? "no purchase line")")
    }

    @Test func decodeTextOfAnIOS6ReceiptShowsItsPurchaseInfo() {
        let console = BufferConsole()
        #expect(console.run("decode", "--format", "text", "TestVectors/receipts/ios6-transaction.b64") == 0)
        #expect(console.out.contains("kind                   ios6_transaction_receipt"))
        #expect(console.out.contains("app_item_id            1234567890"))
        #expect(console.out.contains("  0 leaf "))
    }

    @Test func verifyTextListsEveryCheckWithItsStatus() {
        let console = BufferConsole()
        let status = console.run(
            "verify", "--format", "text", "--trust-anchor", "TestVectors/pki/root.pem", "--bundle-id", "com.other.app",
            "TestVectors/receipts/one-inapp.b64")
        #expect(status == 1)
        let lines = console.out.split(separator: "\n").map(String.init)
        #expect(lines.contains("verdict            invalid"))
        #expect(lines.contains("verification time  2024-03-01T12:00:00Z (receipt_creation_date)"))
        for id in CheckID.receiptChecks {
            #expect(lines.contains { $0.contains("] \(id.rawValue) ") }, "no line for \(id.rawValue)")
        }
        #expect(lines.contains { $0.hasPrefix("  [FAIL] receipt.bundle_id") && $0.contains("is not com.other.app") })
        #expect(lines.contains { $0.hasPrefix("  [skip] receipt.device_hash") && $0.hasSuffix("not requested (--device-id)") })
    }

    @Test(.requires(Corpus.present))
    func verifyTextOfAnXcodeReceiptNamesTheOptionThatTrustsIt() throws {
        // A real Xcode receipt: signed by the fixed StoreKit testing certificate the tool pins.
        let path = Corpus.path("Cocoanetics__Kvitto/receipt_Xcode_SHA256_com.rd.eehelper_20201016.der")
        let console = BufferConsole()
        #expect(console.run("verify", "--format", "text", path) == 1)
        #expect(console.out.contains("verdict            untrusted"))
        #expect(console.out.contains("pass --allow-xcode to trust it"))
        let allowed = BufferConsole()
        #expect(allowed.run("verify", "--format", "text", "--allow-xcode", path) == 0)
        #expect(allowed.out.contains("trusted because of --allow-xcode"))
    }

    @Test func verifyTextOfMalformedInputNamesTheProblemAndOffset() {
        let console = BufferConsole()
        #expect(console.run("verify", "--format", "text", "TestVectors/malformed/truncated.der") == 65)
        #expect(console.out.contains("verdict            malformed"))
        #expect(console.out.contains("error              length at offset 0 runs past the end of the input"))
    }

    @Test func subscriptionsTextNamesTheTimeSourceAndRuleTrail() {
        let console = BufferConsole()
        #expect(
            console.run(
                "subscriptions", "--format", "text", "--at", "2024-03-10T00:00:00Z", "TestVectors/receipts/one-inapp.b64") == 0)
        #expect(console.out.hasPrefix("at                2024-03-10T00:00:00Z (--at)\n"))
        #expect(console.out.contains("active            com.example.appreceipt.pro.monthly (original 2000000512340000)"))
        #expect(console.out.contains("a receipt alone cannot know: "))
    }

    @Test func unknownAttributesAreNamedAsTypesWithTheirCount() {
        let console = BufferConsole()
        #expect(console.run("decode", "--format", "text", "TestVectors/receipts/unknown-attributes.b64") == 0)
        let lines = console.out.split(separator: "\n").map(String.init)
        let row = lines.first { $0.hasPrefix("unknown attr. types") }
        // TestVectors/README.md: types 6, 7, 9, 11, 13, 14, 20, 25, 99 and 1234, plus the date type 8 every vector has.
        #expect(row == "unknown attr. types    6, 7, 8, 9, 11, 13, 14, 20, 25, 99, 1234 (11 attributes)", "\(lines)")
        #expect(!console.out.contains("unknown_attributes"))
    }

    @Test func aLongProductIDKeepsTheInAppTableInColumns() throws {
        let console = BufferConsole()
        #expect(console.run("decode", "--format", "text", "TestVectors/regressions/receipt-long-product-id.b64") == 0)
        let lines = console.out.split(separator: "\n").map(String.init)
        let header = try #require(lines.first { $0.hasPrefix("  product_id ") })
        let row = try #require(lines.first { $0.hasPrefix("  com.example.appreceipt.") })
        for column in ["transaction_id", "original_tx_id", "purchase_date (UTC)", "expires_date (UTC)"] {
            let start = try #require(header.range(of: column)).lowerBound
            let offset = header.distance(from: header.startIndex, to: start)
            let cell = row.dropFirst(offset).prefix(4)
            #expect(cell == "2000" || cell == "2024", "\(column) column moved: \(row)")
        }
        #expect(row.contains("…"))
        #expect(row.contains("spring-campaign-2024 "))
    }

    @Test func dumpNamesAnotherKindInWords() {
        let console = BufferConsole()
        #expect(console.run("dump", "TestVectors/receipts/ios6-transaction.b64") == 65)
        #expect(console.err.contains("this input is an iOS 6 transaction receipt"), "\(console.err)")
    }
}
