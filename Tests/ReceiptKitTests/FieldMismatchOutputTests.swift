import ReceiptKit
import TestSupport
import Testing

/// Documented StoreKit 2 fields sent with the wrong JSON type are shown in decode and verify output
/// (`jws.field_mismatches`), not only kept in the model. The vector is made by TestVectors/make-jws-edge-vectors.py,
/// which signs a transaction whose `price` is the string "9990", `quantity` is true, `expiresDate` is the digit
/// string "1751328000000" and `inAppOwnershipType` is the number 1 (jws/edge/README.md).
@Suite struct FieldMismatchOutputTests {
    static let vector = "jws/edge/transaction-wrong-field-types.jws"

    /// What the script wrote, as `{path, expected, found}` in the model's reading order.
    static let expected: [[String: String]] = [
        ["path": "expiresDate", "expected": "a date in milliseconds", "found": "a string"],
        ["path": "quantity", "expected": "a whole number", "found": "a boolean"],
        ["path": "inAppOwnershipType", "expected": "a string", "found": "a number"],
        ["path": "price", "expected": "a whole number", "found": "a string"],
    ]

    func policy() throws -> VerificationPolicy {
        var policy = VerificationPolicy()
        policy.jwsAnchors = try X509Certificate.load(try Fixtures.testVector("jws/pki/root.pem")).map {
            TrustAnchor(certificate: $0, source: "jws/pki/root.pem")
        }
        return policy
    }

    /// The `field_mismatches` of the `jws` member of a written document, as plain dictionaries; nil when absent.
    static func mismatches(_ write: (inout JSONOutput) -> Void) throws -> [[String: String]]? {
        var output = JSONOutput(pretty: false)
        write(&output)
        let document = try JSONParser.parse(output.bytes)
        guard let list = document["jws"]?["field_mismatches"]?.arrayValue else { return nil }
        return list.map { entry in
            (entry.objectValue ?? [:]).compactMapValues { if case .string(let text) = $0 { text } else { nil } }
        }
    }

    @Test func verifyShowsEachWrongTypedFieldBesideThePayload() throws {
        let bytes = try Fixtures.testVector(Self.vector)
        let document = VerifyDocument.verify(source: "vector", bytes: bytes, policy: try policy())
        // The signature covers the wrong types: the item is valid, and the fields are shown, not read.
        #expect(document.verdict == .valid)
        #expect(try Self.mismatches { document.write(to: &$0, .library) } == Self.expected)
        guard case .signedData(_, let report) = document, let model = report.jws?.storeKit.transaction else {
            Issue.record("not decoded as a transaction")
            return
        }
        #expect(model.price == nil && model.quantity == nil && model.inAppOwnershipType == nil)
        // A digit-string date is still read (some tools re-serialise Apple's numbers as text), and noted.
        #expect(model.expiresDate == Timestamp(milliseconds: 1_751_328_000_000))
    }

    @Test func decodeShowsThemToo() throws {
        let document = try DecodeDocument(source: "vector", bytes: try Fixtures.testVector(Self.vector))
        #expect(try Self.mismatches { document.write(to: &$0) } == Self.expected)
    }

    @Test func aPayloadOfApplesTypesHasNoMismatchMember() throws {
        let bytes = try Fixtures.testVector("jws/edge/notification-summary.jws")
        let document = VerifyDocument.verify(source: "vector", bytes: bytes, policy: try policy())
        #expect(document.verdict == .valid)
        #expect(try Self.mismatches { document.write(to: &$0, .library) } == nil)
    }
}
