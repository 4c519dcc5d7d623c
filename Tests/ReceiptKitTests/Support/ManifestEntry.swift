import Foundation
import TestSupport
import Testing

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

    /// Every manifest entry, or why manifest.json could not be read; loaded once.
    private static let loaded: Result<[ManifestEntry], Failure> = {
        do {
            let data = try Data(contentsOf: Corpus.url("manifest.json"))
            return .success(try JSONDecoder().decode([ManifestEntry].self, from: data))
        } catch {
            return .failure(Failure("../shared/vectors/manifest.json cannot be read: \(error)"))
        }
    }()

    /// The manifest entries that satisfy `predicate`. With ../shared/vectors absent there are none (the suites
    /// that use them are disabled and say why); with it present, an unreadable manifest or an empty selection
    /// throws, so a parameterised test fails instead of running zero cases.
    static func table(_ what: String, _ predicate: (ManifestEntry) -> Bool) throws -> [ManifestEntry] {
        guard Corpus.available else { return [] }
        let entries = try loaded.get().filter(predicate)
        guard !entries.isEmpty else { throw Failure("../shared/vectors/manifest.json lists no \(what)") }
        return entries
    }

    static func receipts() throws -> [ManifestEntry] { try table("receipt", { $0.kind == "receipt" }) }
    static func jws() throws -> [ManifestEntry] { try table("JWS", { $0.kind.hasPrefix("jws") }) }
    static func transactionReceipts() throws -> [ManifestEntry] {
        try table("iOS 6 transaction receipt", { $0.kind == "ios6-receipt" && $0.environment != "mock" })
    }
}
