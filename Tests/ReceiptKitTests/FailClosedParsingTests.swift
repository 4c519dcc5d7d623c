import Foundation
import ReceiptKit
import ReceiptTestSupport
import TestSupport
import Testing

/// Issue 8, point 4: what cannot be read under a trusted issuer is an error or a failure that says why, never a
/// value that happens to pass (1970 for a notBefore, "" for a name, "does not expire" for an expiry).
@Suite struct FailClosedParsingTests {
    func check(_ report: VerificationReport, _ id: CheckID) throws -> VerificationCheck {
        try #require(report.checks.first { $0.id == id })
    }

    @Test func anUnreadableNotBeforeFailsValidityInsteadOfReading1970() throws {
        let receipt = try appReceipt("attacks/leaf-notbefore-unreadable.der")
        let leaf = try #require(receipt.certificates.first)
        guard case .unreadable(let text, let reason) = leaf.notBefore else {
            Issue.record("notBefore read as \(leaf.notBefore)")
            return
        }
        #expect(text == "230101000000X")
        #expect(reason == "notBefore \"230101000000X\" is not YYMMDDHHMMSSZ (RFC 5280)")
        #expect(leaf.notAfter == .instant(try ReceiptDateParser.parse("2027-01-01T00:00:00Z")))
        // The receipt was made 2022-06-01, before the leaf's real notBefore: it must not pass validity.
        let validity = try check(ReceiptVerifier(policy: try testPolicy()).verify(receipt), .chainValidity)
        #expect(validity.status == .fail)
        #expect(validity.detail.description.contains("has no readable validity period: notBefore \"230101000000X\""))
        // decode shows the time as written, not a made-up instant.
        let leafJSON = try rendered { output in
            output.beginObject()
            leaf.writeMembers(to: &output)
            output.endObject()
        }
        #expect(leafJSON["not_before"] == .string("230101000000X"))
    }

    @Test func readableCertificateTimesAreInstants() throws {
        let leaf = try #require(try appReceipt("receipts/one-inapp.der").certificates.first)
        #expect(leaf.notBefore == .instant(try ReceiptDateParser.parse("2023-01-01T00:00:00Z")))
        #expect(leaf.notBefore.rendered == "2023-01-01T00:00:00Z")
    }

    /// X509_verify returns -1 when it cannot check (here: a signature BIT STRING with an unused bit); that is
    /// "could not check" (error, unverifiable_here), not "does not match" (fail, invalid).
    @Test func x509VerifyBelowZeroIsCouldNotCheck() throws {
        let receipt = try appReceipt("attacks/leaf-signature-bits-left.der")
        let leaf = try #require(receipt.certificates.first)
        let intermediate = receipt.certificates[1]
        guard case .unverifiable(let error) = leaf.signatureVerifies(with: intermediate) else {
            Issue.record("X509_verify < 0 was not reported as unverifiable")
            return
        }
        #expect(error.entries.contains { $0.contains("invalid bit string bits left") }, "\(error)")
        let report = ReceiptVerifier(policy: try testPolicy()).verify(receipt)
        #expect(try check(report, .chainSignatures).status == .error)
        #expect(report.verdict == .unverifiableHere)
    }

    @Test(arguments: [
        ("attacks/expiration-not-a-date.der", "holds \"never\", which is not a date"),
        ("attacks/expiration-integer.der", "cannot be read: expected a date string, found INTEGER"),
    ])
    func anUnreadableExpirationFailsInsteadOfNeverExpiring(file: String, reason: String) throws {
        let expiration = try check(ReceiptVerifier(policy: try testPolicy()).verify(try appReceipt(file)), .expiration)
        #expect(expiration.status == .fail)
        #expect(expiration.detail.description.contains(reason), "\(expiration.detail)")
    }

    @Test func anEmptyExpirationStillMeansTheReceiptDoesNotExpire() throws {
        let report = ReceiptVerifier(policy: try testPolicy()).verify(try appReceipt("receipts/empty-values.der"))
        let expiration = try check(report, .expiration)
        #expect(expiration.status == .pass)
        #expect(expiration.detail == "no expiration_date: the receipt does not expire")
    }

    /// A SignerInfo issuer that is not a Name: the signer is not found, the check says the name cannot be decoded,
    /// and decode shows null with the reason rather than a made-up issuer string.
    @Test func anUndecodableSignerIssuerIsAReasonNotAString() throws {
        var bytes = try Fixtures.testVector("receipts/one-inapp.der")
        let signer = try #require(try appReceipt("receipts/one-inapp.der").container.signerInfos.first)
        let name = signer.issuerDER
        let start = try #require(bytes.indices.first { $0 > signer.offset && Array(bytes[$0..<($0 + name.count)]) == name })
        let header = name[1] & 0x80 == 0 ? 2 : 2 + Int(name[1] & 0x7F)
        #expect(bytes[start + header] == 0x31)  // the first RelativeDistinguishedName, a SET
        bytes[start + header] = 0x04  // an OCTET STRING of the same length: no longer a Name
        let (_, document) = try ReceiptDecoder.decode(bytes)
        guard case .appReceipt(let receipt) = document else { throw Failure("not an app receipt") }
        #expect(throws: ContainerError.self) { try receipt.container.signerInfos[0].issuerName() }
        let report = ReceiptVerifier(policy: try testPolicy()).verify(receipt)
        let found = try check(report, .signerCertificate)
        #expect(found.status == .fail)
        #expect(found.detail.description.contains("signer issuer name at offset"), "\(found.detail)")
        let signerJSON = try #require(try rendered(ContainerSummary(receipt).write)["signers"]?.arrayValue?.first)
        #expect(signerJSON["issuer"] == .null)
        #expect(signerJSON["issuer_error"]?.scalarText?.contains("cannot be decoded") == true)
    }
}
