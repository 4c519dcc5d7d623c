import ReceiptKit
import TestSupport
import Testing

/// The ES256 check over a digest computed once (``CompactJWS``'s signing-input hash) and the DER it builds
/// from raw `r || s` by hand. OpenSSL is the oracle: it signs with the test leaf's key, and its verify insists
/// on canonical DER (it encodes the parsed signature again and compares), so a badly built INTEGER cannot pass.
@Suite struct ES256DigestVerifyTests {
    static func leaf() throws -> (key: ECDSASigningKey, certificate: X509Certificate) {
        let key = try ECDSASigningKey(pkcs8: try Fixtures.testVector("jws/pki/leaf.key"))
        let certificate = try #require(try X509Certificate.load(try Fixtures.testVector("jws/pki/leaf.pem")).first)
        return (key, certificate)
    }

    @Test("OpenSSL's own signatures verify, including r or s with a leading zero byte or a high bit")
    func openSSLSignatures() throws {
        let (key, certificate) = try Self.leaf()
        var leadingZero = 0
        var highBit = 0
        // About one half in 128 starts with a zero byte; 1,500 signatures make missing that case all but impossible.
        for index in 0..<1_500 {
            let message = Array("message \(index)".utf8)
            let signature = try key.signES256(message)
            let halves = [signature[0], signature[32]]
            leadingZero += halves.filter { $0 == 0 }.count
            highBit += halves.filter { $0 >= 0x80 }.count
            let outcome = ECDSASignatureVerifier.verifyES256(signature: signature, over: message, certificate: certificate)
            guard outcome == .valid else { throw Failure("signature \(index) (\(signature.prefix(2))): \(outcome)") }
        }
        #expect(leadingZero > 0)
        #expect(highBit > 0)
    }

    @Test("the digest form answers as the message form for valid, altered and out-of-range signatures")
    func digestFormAgrees() throws {
        let token = try JWSVectorTests.jws("valid/transaction.jws")
        let leaf = try #require(token.certificates.first)
        var altered = token.signature
        altered[40] ^= 0x01
        let signatures = [token.signature, altered, [UInt8](repeating: 0, count: 64), [UInt8](repeating: 0xFF, count: 64)]
        let digest = try DigestAlgorithm.sha256.hash(token.signingInput)
        #expect(token.signingInputSHA256 == digest)
        for signature in signatures {
            let byMessage = ECDSASignatureVerifier.verifyES256(
                signature: signature, over: token.signingInput, certificate: leaf)
            let byDigest = ECDSASignatureVerifier.verifyES256(signature: signature, sha256: digest, certificate: leaf)
            #expect(byMessage == byDigest, "\(signature.prefix(4))")
        }
        #expect(ECDSASignatureVerifier.verifyES256(signature: token.signature, sha256: digest, certificate: leaf) == .valid)
    }

    @Test("the token's digest is SHA-256 of all its bytes, the signing input's of the part before the second dot")
    func tokenDigests() throws {
        let token = try JWSVectorTests.jws("valid/notification.jws")
        #expect(token.tokenSHA256 == (try DigestAlgorithm.sha256.hash(Array(token.token.utf8))))
        #expect(token.signingInputSHA256 == (try DigestAlgorithm.sha256.hash(token.signingInput)))
    }
}
