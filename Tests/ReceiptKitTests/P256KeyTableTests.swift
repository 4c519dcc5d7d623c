import Synchronization
import TestSupport
import Testing

@testable import ReceiptKit

/// The precomputed-key ES256 check against OpenSSL's `EVP_PKEY_verify`, which stays the oracle: the table may
/// say "holds" only where that verify says valid, and it must say so for every signature OpenSSL itself made.
/// Altered signatures cover each way the equation can fail (r, s, the digest, another key) and each range edge
/// (0, n - 1, n, all bits set, s replaced by n - s).
@Suite struct P256KeyTableTests {
    /// The order n of P-256 (SEC 2, secp256r1), big-endian.
    static let order: [UInt8] = hex("ffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551")

    static func hex(_ text: String) -> [UInt8] {
        let digits = Array(text.utf8).map { UInt8(($0 <= 57 ? $0 - 48 : $0 - 87)) }
        return stride(from: 0, to: digits.count, by: 2).map { digits[$0] << 4 | digits[$0 + 1] }
    }

    /// a - b of two 32-byte big-endian numbers with a >= b.
    static func subtract(_ a: [UInt8], _ b: [UInt8]) -> [UInt8] {
        var result = [UInt8](repeating: 0, count: 32)
        var borrow = 0
        for index in stride(from: 31, through: 0, by: -1) {
            var value = Int(a[index]) - Int(b[index]) - borrow
            borrow = value < 0 ? 1 : 0
            if value < 0 { value += 256 }
            result[index] = UInt8(value)
        }
        return result
    }

    static func signer(_ name: String) throws -> (key: ECDSASigningKey, certificate: X509Certificate) {
        let key = try ECDSASigningKey(pkcs8: try Fixtures.testVector("jws/pki/\(name).key"))
        let certificate = try #require(try X509Certificate.load(try Fixtures.testVector("jws/pki/\(name).pem")).first)
        return (key, certificate)
    }

    /// Variants of a valid signature: each in range (r and s in [1, n-1]) or not.
    static func variants(of signature: [UInt8]) -> [(signature: [UInt8], inRange: Bool)] {
        let r = Array(signature[..<32])
        let s = Array(signature[32...])
        let one = [UInt8](repeating: 0, count: 31) + [1]
        var flippedR = r
        flippedR[31] ^= 0x01
        var flippedS = s
        flippedS[31] ^= 0x40
        let zero = [UInt8](repeating: 0, count: 32)
        let full = [UInt8](repeating: 0xFF, count: 32)
        let nMinusOne = subtract(order, one)
        return [
            (flippedR + s, true), (r + flippedS, true), (r + subtract(order, s), true), (nMinusOne + s, true),
            (r + nMinusOne, true), (s + r, true), (one + one, true), (zero + s, false), (r + zero, false),
            (order + s, false), (r + order, false), (full + s, false), (r + full, false),
        ]
    }

    /// What OpenSSL's verify answers where the table answers `answer`; nil for "cannot tell".
    static func implied(_ answer: P256KeyTable.Answer) -> SignatureOutcome? {
        switch answer {
        case .holds: .valid
        case .doesNotHold: .mismatch(reason: nil)
        case .cannotTell: nil
        }
    }

    @Test("for OpenSSL's own signatures and every altered one, the table answers as EVP_PKEY_verify or cannot tell")
    func agreesWithOpenSSL() throws {
        let (key, certificate) = try Self.signer("leaf")
        let table = try #require(P256KeyTable(certificate: certificate, budget: .init(limit: 1)))
        var answers: [P256KeyTable.Answer: Int] = [:]
        for index in 0..<300 {
            let message = Array("table message \(index)".utf8)
            let digest = try DigestAlgorithm.sha256.hash(message)
            let signature = try key.signES256(message)
            #expect(table.check(signature: signature, sha256: digest) == .holds, "signature \(index)")
            var otherDigest = digest
            otherDigest[Int(digest[0]) % 32] ^= 0x04
            #expect(table.check(signature: signature, sha256: otherDigest) == .doesNotHold, "digest of \(index)")
            for (variant, inRange) in Self.variants(of: signature) {
                let openSSL = ECDSASignatureVerifier.verifyES256(signature: variant, sha256: digest, certificate: certificate)
                let answer = table.check(signature: variant, sha256: digest)
                answers[answer, default: 0] += 1
                #expect((answer == .cannotTell) == !inRange, "signature \(index), variant \(variant.prefix(2))")
                if let implied = Self.implied(answer) {
                    #expect(implied == openSSL, "signature \(index), variant \(variant.prefix(2)): \(openSSL)")
                } else {
                    guard case .mismatch = openSSL else { throw Failure("out of range, yet OpenSSL said \(openSSL)") }
                }
            }
        }
        // n - s is the other valid s for the same r: one variant in thirteen holds, for every signature.
        #expect(answers == [.holds: 300, .doesNotHold: 300 * 6, .cannotTell: 300 * 6])
    }

    @Test("another key's table never holds this key's signatures, and wrong sizes cannot be told")
    func otherKeyAndSizes() throws {
        let (key, _) = try Self.signer("leaf")
        let (_, other) = try Self.signer("leaf-expired")
        let table = try #require(P256KeyTable(certificate: other, budget: .init(limit: 1)))
        for index in 0..<50 {
            let message = Array("other \(index)".utf8)
            let digest = try DigestAlgorithm.sha256.hash(message)
            let signature = try key.signES256(message)
            #expect(table.check(signature: signature, sha256: digest) == .doesNotHold)
            #expect(table.check(signature: Array(signature.prefix(63)), sha256: digest) == .cannotTell)
            #expect(table.check(signature: signature, sha256: Array(digest.prefix(31))) == .cannotTell)
        }
    }

    @Test("a P-384 key gets no table")
    func wrongCurve() throws {
        let pem = try Fixtures.testVector("jws/pki/intermediate.pem")
        let intermediate = try #require(try X509Certificate.load(pem).first)
        #expect(P256KeyTable(certificate: intermediate, budget: .init(limit: 4)) == nil)
    }

    @Test("the budget bounds how many tables are alive, and a freed table gives its place back")
    func budget() throws {
        let (_, certificate) = try Self.signer("leaf")
        let budget = P256KeyTable.Budget(limit: 2)
        let second = try withExtendedLifetime(try #require(P256KeyTable(certificate: certificate, budget: budget))) {
            let second = try #require(P256KeyTable(certificate: certificate, budget: budget))
            #expect(P256KeyTable(certificate: certificate, budget: budget) == nil)
            #expect(budget.live.load(ordering: .relaxed) == 2)
            return second
        }
        // The first table is gone: its place is free again, and a third fits beside the second.
        try withExtendedLifetime(second) {
            #expect(budget.live.load(ordering: .relaxed) == 1)
            let third = try #require(P256KeyTable(certificate: certificate, budget: budget))
            withExtendedLifetime(third) { #expect(budget.live.load(ordering: .relaxed) == 2) }
        }
    }

    @Test("a certificate checks the usual way until the threshold, then with its table, with the same outcomes")
    func switchesAtThreshold() throws {
        let (key, shared) = try Self.signer("leaf")
        // A certificate object of its own (loading goes through the shared cache), so no other test's checks
        // count towards its threshold.
        let certificate = try X509Certificate(der: shared.derBytes)
        let contexts = certificate.verifyTemplates.ecdsa
        let message = Array("threshold".utf8)
        let digest = try DigestAlgorithm.sha256.hash(message)
        let signature = try key.signES256(message)
        var altered = signature
        altered[10] ^= 0x20
        let mismatch = ECDSASignatureVerifier.verifyES256(signature: altered, sha256: digest, certificate: certificate)
        guard case .mismatch = mismatch else { throw Failure("the altered signature: \(mismatch)") }
        for check in 1..<ECDSAVerifyContexts.defaultTableThreshold {
            #expect(!contexts.hasTable, "check \(check)")
            #expect(ECDSASignatureVerifier.verifyES256(signature: signature, sha256: digest, certificate: certificate) == .valid)
        }
        #expect(contexts.hasTable)
        for _ in 0..<20 {
            #expect(ECDSASignatureVerifier.verifyES256(signature: signature, sha256: digest, certificate: certificate) == .valid)
            #expect(ECDSASignatureVerifier.verifyES256(signature: altered, sha256: digest, certificate: certificate) == mismatch)
        }
    }
}

/// The same agreement over the real signed data of ../shared/vectors: every manifest JWS with a P-256 leaf.
@Suite(.requires(Corpus.present))
struct P256KeyTableCorpusTests {
    @Test("for every corpus JWS the table of its leaf answers as EVP_PKEY_verify")
    func corpusAgrees() throws {
        var compared = 0
        var valid = 0
        for entry in try ManifestEntry.jws() {
            let (_, document) = try ReceiptDecoder.decode(try Fixtures.shared(entry.file))
            guard case .jws(let jws) = document, let leaf = jws.certificates.first else { continue }
            let digest = try DigestAlgorithm.sha256.hash(jws.signingInput)
            let openSSL = ECDSASignatureVerifier.verifyES256(signature: jws.signature, sha256: digest, certificate: leaf)
            let table = try #require(P256KeyTable(certificate: leaf, budget: .init(limit: 1)), "\(entry.file)")
            let answer = table.check(signature: jws.signature, sha256: digest)
            #expect(P256KeyTableTests.implied(answer) == openSSL, "\(entry.file): \(answer), \(openSSL)")
            compared += 1
            if openSSL == .valid { valid += 1 }
        }
        // The manifest's facts (from the openssl CLI): every JWS with an x5c has a P-256 leaf, and says whether
        // its signature verifies.
        let entries = try ManifestEntry.jws().filter { $0.chain != "no x5c header" }
        #expect(compared == entries.count && compared >= 15)
        #expect(valid == entries.filter { $0.signature_valid == true }.count && valid >= 10)
    }
}
