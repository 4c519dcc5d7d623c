import Foundation
import ReceiptKit
import Testing

/// Locates the project's own test vectors and the shared real-receipt corpus beside the checkout.
enum Fixtures {
    /// The project root, found from this file's location.
    static let projectRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static let testVectors = projectRoot.appendingPathComponent("TestVectors")

    /// `../shared/vectors`, present on the team's machines and CI, absent on a user's clone.
    static let sharedVectors = projectRoot.deletingLastPathComponent().appendingPathComponent("shared/vectors")

    static var sharedVectorsAvailable: Bool {
        FileManager.default.fileExists(atPath: sharedVectors.appendingPathComponent("manifest.json").path)
    }

    static let sharedVectorsAbsent =
        "../shared/vectors is absent (real receipts are read from there, never copied into the project)"

    static func bytes(_ url: URL) throws -> [UInt8] {
        Array(try Data(contentsOf: url))
    }

    static func testVector(_ relativePath: String) throws -> [UInt8] {
        try bytes(testVectors.appendingPathComponent(relativePath))
    }

    static func shared(_ relativePath: String) throws -> [UInt8] {
        try bytes(sharedVectors.appendingPathComponent(relativePath))
    }
}

/// One entry of `../shared/vectors/manifest.json`: facts established with the openssl CLI, not with this code.
struct ManifestEntry: Decodable, Sendable, CustomTestStringConvertible {
    struct InApp: Decodable, Sendable {
        let product_id: String?
        let transaction_id: String?
        let original_transaction_id: String?
        let purchase_date: String?
        let expires_date: String?
        let quantity: String?
    }

    let file: String
    let kind: String
    let environment: String
    let era: String
    let pair: [String]
    let bundle_id: String?
    let app_version: String?
    let original_app_version: String?
    let creation_date: String?
    let receipt_type_attr: String?
    let in_app_count: Int?
    let in_app: [InApp]?
    let signer_digest: String?
    let status: Int?
    let notificationType: String?
    /// JWS facts: the chain's origin, whether the ES256 signature verified with openssl, the payload kind and date.
    let chain: String?
    let signature_valid: Bool?
    let jws_type: String?
    let signedDate: Double?

    var testDescription: String { file }

    static let all: [ManifestEntry] = {
        guard Fixtures.sharedVectorsAvailable,
            let data = try? Data(contentsOf: Fixtures.sharedVectors.appendingPathComponent("manifest.json")),
            let entries = try? JSONDecoder().decode([ManifestEntry].self, from: data)
        else { return [] }
        return entries
    }()

    static var receipts: [ManifestEntry] { all.filter { $0.kind == "receipt" } }
    static var jws: [ManifestEntry] { all.filter { $0.kind.hasPrefix("jws") } }
    static var transactionReceipts: [ManifestEntry] { all.filter { $0.kind == "ios6-receipt" && $0.environment != "mock" } }
}
