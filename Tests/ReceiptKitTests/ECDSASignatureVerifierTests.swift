import Foundation
import ReceiptKit
import TestSupport
import Testing

/// The ES256 check on its own: raw r || s against the leaf's key, with "does not match" kept apart from
/// "OpenSSL could not check", and keys that cannot carry ES256 refused as mismatches.
@Suite struct ECDSASignatureVerifierTests {
    /// The signing input and signature of a committed, valid test token.
    static func validToken() throws -> CompactJWS {
        try JWSVectorTests.jws("valid/transaction.jws")
    }

    static func certificate(_ name: String) throws -> X509Certificate {
        try #require(try X509Certificate.load(try Fixtures.testVector("jws/pki/\(name).pem")).first)
    }

    @Test("the token's signature verifies with its leaf and fails with another P-256 key")
    func validAndOtherKey() throws {
        let token = try Self.validToken()
        let leaf = try #require(token.certificates.first)
        #expect(
            ECDSASignatureVerifier.verifyES256(signature: token.signature, over: token.signingInput, certificate: leaf) == .valid)
        let other = try Self.certificate("leaf-expired")
        guard
            case .mismatch = ECDSASignatureVerifier.verifyES256(
                signature: token.signature, over: token.signingInput, certificate: other)
        else { throw Failure("another key's check did not report a mismatch") }
    }

    @Test("one flipped bit in the message or in r or s is a mismatch")
    func flippedBits() throws {
        let token = try Self.validToken()
        let leaf = try #require(token.certificates.first)
        var message = token.signingInput
        message[message.count / 2] ^= 0x01
        #expect(ECDSASignatureVerifier.verifyES256(signature: token.signature, over: message, certificate: leaf) != .valid)
        for index in [0, 31, 32, 63] {
            var signature = token.signature
            signature[index] ^= 0x80
            let outcome = ECDSASignatureVerifier.verifyES256(signature: signature, over: token.signingInput, certificate: leaf)
            guard case .mismatch = outcome else { throw Failure("byte \(index): \(outcome)") }
        }
    }

    @Test("r or s of zero, or all bits set, is a mismatch, not an OpenSSL failure")
    func outOfRange() throws {
        let token = try Self.validToken()
        let leaf = try #require(token.certificates.first)
        let cases: [[UInt8]] = [
            [UInt8](repeating: 0, count: 64),
            [UInt8](repeating: 0xFF, count: 64),
            [UInt8](repeating: 0, count: 32) + token.signature.suffix(32),
        ]
        for signature in cases {
            let outcome = ECDSASignatureVerifier.verifyES256(signature: signature, over: token.signingInput, certificate: leaf)
            guard case .mismatch = outcome else { throw Failure("\(signature.prefix(4)): \(outcome)") }
        }
    }

    @Test("a signature that is not 64 bytes is a mismatch that says so")
    func wrongLength() throws {
        let token = try Self.validToken()
        let leaf = try #require(token.certificates.first)
        for length in [0, 63, 65, 72] {
            let outcome = ECDSASignatureVerifier.verifyES256(
                signature: [UInt8](repeating: 1, count: length), over: token.signingInput, certificate: leaf)
            #expect(outcome == .mismatch(reason: "an ES256 signature is 64 bytes (r || s); this one has \(length)"))
        }
    }

    @Test("a P-384 key cannot carry ES256")
    func wrongCurve() throws {
        let token = try Self.validToken()
        let outcome = ECDSASignatureVerifier.verifyES256(
            signature: token.signature, over: token.signingInput, certificate: try Self.certificate("intermediate"))
        guard case .mismatch(let reason?) = outcome else { throw Failure("\(outcome)") }
        #expect(reason.contains("P-256"))
    }

    @Test("an RSA key cannot carry ES256")
    func rsaKey() throws {
        let rsa = try #require(try X509Certificate.load(try Fixtures.testVector("pki/leaf.pem")).first)
        let token = try Self.validToken()
        let outcome = ECDSASignatureVerifier.verifyES256(signature: token.signature, over: token.signingInput, certificate: rsa)
        guard case .mismatch(let reason?) = outcome else { throw Failure("\(outcome)") }
        #expect(reason.contains("RSA"))
    }
}
