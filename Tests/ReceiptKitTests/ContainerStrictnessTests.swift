import Foundation
import ReceiptKit
import ReceiptTestSupport
import TestSupport
import Testing

/// Issue 8, point 6: the container is read as RFC 5652 and X.690 say, where it matters for what is signed, who
/// signed it, and what the report claims about the bytes.
@Suite struct ContainerStrictnessTests {
    func check(_ file: String, _ id: CheckID) throws -> VerificationCheck {
        try #require(ReceiptVerifier(policy: try testPolicy()).verify(try appReceipt(file)).checks.first { $0.id == id })
    }

    @Test(
        arguments: [
            ([0x00], "0"), ([0x10, 0x01], "1001"), ([0x00, 0x80, 0x01], "8001"), ([0x80, 0x01], "-7FFF"),
            ([0xEF, 0xFF], "-1001"),
            ([0xFF], "-01"), ([0x0E, 0xEB, 0x57], "0EEB57"),
        ] as [([UInt8], String)])
    func serialsPrintLikeOpenSSL(octets: [UInt8], printed: String) throws {
        #expect(try SerialNumber(contentOctets: octets).description == printed)
    }

    @Test(arguments: [[], [0x00, 0x10], [0xFF, 0x80]] as [[UInt8]])
    func nonMinimalOrEmptySerialsAreRefused(octets: [UInt8]) {
        #expect(throws: SerialNumber.EncodingError.self) { try SerialNumber(contentOctets: octets) }
    }

    /// Serial 0 and a negative serial are found by value; a positive serial is not named by a negative INTEGER.
    @Test func signerCertificatesAreMatchedBySerialValue() throws {
        #expect(try check("receipts/signer-serial-zero.der", .signerCertificate).status == .pass)
        #expect(
            try check("receipts/signer-serial-negative.der", .signerCertificate).detail.description.contains("(serial -1001)"))
        let negative = try check("attacks/signer-serial-negative-encoding.der", .signerCertificate)
        #expect(negative.status == .fail)
        #expect(negative.detail.description.hasSuffix("and serial -7FFF"), "\(negative.detail)")
    }

    @Test func aSecondCopyOfACertificateIsLeftOver() throws {
        let report = ReceiptVerifier(policy: try testPolicy()).verify(try appReceipt("attacks/duplicate-certificate.der"))
        #expect(report.certificates.map(\.role) == ["leaf", "intermediate", "root", "not on the signing path"])
        let path = try #require(report.checks.first { $0.id == .chainPath })
        #expect(path.detail.description.hasPrefix("embedded certificate(s) 3 are not on the signing path"))
    }

    @Test func signedAttributesMadeByOpenSSLVerify() throws {
        let signature = try check("receipts/signed-attributes.der", .signerSignature)
        #expect(signature.status == .pass)
        #expect(signature.detail.description.hasSuffix("over the signed attributes, whose message digest matches the payload"))
    }

    @Test(arguments: [
        ("two-message-digests", "signed attributes carry 2 message-digest attributes; RFC 5652 §11.2 allows exactly one"),
        ("two-digest-values", "the message-digest attribute has 2 values; RFC 5652 §11.2 requires exactly one"),
        ("digest-not-octet-string", "is [0]; RFC 5652 §11.2 requires an OCTET STRING"),
        ("two-content-types", "signed attributes carry 2 content-type attributes; RFC 5652 §11.1 allows exactly one"),
    ])
    func signedAttributesFollowRFC5652(variant: String, reason: String) throws {
        let signature = try check("attacks/signed-attributes-\(variant).der", .signerSignature)
        #expect(signature.status == .fail)
        #expect(signature.detail.description.contains(reason), "\(signature.detail)")
    }

    /// `encoding` says DER only when the container is DER; a re-encoded container keeps its payload and its
    /// signature (so its verdict) but not its der_sha256, which identifies bytes, not receipts.
    @Test func encodingIsDERonlyWhenItIs() throws {
        let expected = try VectorExpectation.entry("receipts/one-inapp-non-minimal-length.der")
        let stretched = try appReceipt(expected.file)
        let original = try appReceipt("receipts/one-inapp.der")
        #expect(ContainerSummary(stretched).encoding == expected.string("decode_encoding"))
        #expect(ContainerSummary(original).encoding == "DER")
        #expect(ContainerSummary(try appReceipt("receipts/one-inapp-ber-indefinite.der")).encoding == "BER (indefinite lengths)")
        #expect(stretched.container.content == original.container.content)
        #expect(try stretched.derSHA256() != original.derSHA256())
        #expect(ReceiptVerifier(policy: try testPolicy()).verify(stretched).verdict == .valid)
    }
}
