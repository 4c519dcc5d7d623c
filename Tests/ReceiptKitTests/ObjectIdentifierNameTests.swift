import Testing

@testable import ReceiptKit

@Suite struct ObjectIdentifierNameTests {
    /// The built-in names of common identifiers are exactly OpenSSL's.
    @Test func commonNamesAreOpenSSLsNames() {
        for (dotted, name) in ASN1ObjectIdentifier.commonNames {
            #expect(ASN1ObjectIdentifier(dotted).openSSLName == name, "\(dotted)")
        }
        #expect(ASN1ObjectIdentifier("1.2.840.113549.1.7.3").name == "pkcs7-envelopedData")
        #expect(ASN1ObjectIdentifier("1.2.3.4.5.6.7").name == nil)
    }
}
