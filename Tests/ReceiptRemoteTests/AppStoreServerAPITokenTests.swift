import Foundation
import ReceiptKit
import TestSupport
import Testing

@testable import ReceiptRemote

/// The App Store Server API's bearer token (issue 22, item 2): an ES256 JWT with Apple's header and claims, signed
/// with a P-256 key, checked here with the openssl CLI (not with the project's own verifier), and keys of the
/// wrong kind refused without their bytes in the message.
@Suite struct AppStoreServerAPITokenTests {
    /// Runs the openssl CLI; its standard output.
    @discardableResult
    static func openssl(_ arguments: [String], input: Data? = nil) throws -> String {
        let result = try Subprocess.run(tool: "openssl", arguments, stdin: input)
        #expect(result.status == 0, "openssl \(arguments.joined(separator: " ")) failed: \(result.stderr)")
        return result.stdout
    }

    /// A key made by the openssl CLI in `directory`, as PEM text.
    static func key(_ arguments: [String], in directory: URL, name: String) throws -> (path: URL, pem: [UInt8]) {
        let path = directory.appendingPathComponent(name)
        try openssl(arguments + ["-out", path.path])
        return (path, Array(try Data(contentsOf: path)))
    }

    static func base64URL(_ text: Substring) -> Data? {
        var standard = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        standard += String(repeating: "=", count: (4 - standard.count % 4) % 4)
        return Data(base64Encoded: standard)
    }

    /// DER `ECDSA-Sig-Value` of a raw r || s, written by hand so that the check does not go through the project.
    static func der(raw: Data) -> Data {
        func integer(_ bytes: Data) -> Data {
            var value = Data(bytes.drop { $0 == 0 })
            if value.isEmpty || value.first! >= 0x80 { value.insert(0, at: 0) }
            return Data([0x02, UInt8(value.count)]) + value
        }
        let body = integer(raw.prefix(32)) + integer(raw.suffix(32))
        return Data([0x30, UInt8(body.count)]) + body
    }

    @Test func theTokenCarriesApplesClaimsAndVerifiesWithTheKeysPublicHalf() throws {
        let folder = try TemporaryDirectory("asapi")
        let directory = folder.url
        let (keyPath, pem) = try Self.key(
            ["genpkey", "-algorithm", "EC", "-pkeyopt", "ec_paramgen_curve:P-256"], in: directory, name: "AuthKey.p8")
        let key = try ECDSASigningKey(pkcs8: pem)
        let token = try AppStoreServerAPIToken(
            keyID: "2X9R4HXF34", issuerID: "57246542-96fe-1a63-e053-0824d011072a", bundleID: "com.example.app"
        )
        .token(signedWith: key, issuedAt: 1_764_600_000)
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        #expect(parts.count == 3 && !token.contains("="))
        let header = try JSONSerialization.jsonObject(with: try #require(Self.base64URL(parts[0]))) as? [String: Any]
        #expect(
            header?["alg"] as? String == "ES256" && header?["kid"] as? String == "2X9R4HXF34"
                && header?["typ"] as? String == "JWT")
        let claims = try JSONSerialization.jsonObject(with: try #require(Self.base64URL(parts[1]))) as? [String: Any]
        #expect(claims?["iss"] as? String == "57246542-96fe-1a63-e053-0824d011072a")
        #expect(claims?["aud"] as? String == "appstoreconnect-v1" && claims?["bid"] as? String == "com.example.app")
        #expect(claims?["iat"] as? Int == 1_764_600_000 && claims?["exp"] as? Int == 1_764_600_300)
        // The signature, as DER, checked by the openssl CLI with the public half.
        let signature = try #require(Self.base64URL(parts[2]))
        #expect(signature.count == 64)
        let publicKey = directory.appendingPathComponent("public.pem")
        try Self.openssl(["pkey", "-in", keyPath.path, "-pubout", "-out", publicKey.path])
        let signatureFile = directory.appendingPathComponent("signature.der")
        try Self.der(raw: signature).write(to: signatureFile)
        let verified = try Self.openssl(
            ["dgst", "-sha256", "-verify", publicKey.path, "-signature", signatureFile.path],
            input: Data("\(parts[0]).\(parts[1])".utf8))
        #expect(verified.contains("Verified OK"))
    }

    @Test func keysOfAnotherKindAreRefusedWithoutShowingThem() throws {
        let folder = try TemporaryDirectory("asapi")
        let directory = folder.url
        let cases: [([String], String, String)] = [
            (["genpkey", "-algorithm", "RSA", "-pkeyopt", "rsa_keygen_bits:2048"], "rsa.p8", "an RSA key"),
            (["genpkey", "-algorithm", "EC", "-pkeyopt", "ec_paramgen_curve:P-384"], "p384.p8", "curve secp384r1"),
            (["ecparam", "-genkey", "-name", "prime256v1", "-noout"], "sec1.pem", "EC PRIVATE KEY block"),
        ]
        for (arguments, name, expected) in cases {
            let (_, pem) = try Self.key(arguments, in: directory, name: name)
            #expect {
                _ = try ECDSASigningKey(pkcs8: pem)
            } throws: { error in
                let message = "\(error)"
                // No run of the key's base64 body appears in the message.
                let body = String(decoding: pem, as: UTF8.self).split(separator: "\n").dropFirst().first ?? ""
                return message.contains(expected) && !message.contains(body.prefix(16))
            }
        }
        #expect(throws: ECDSASigningKey.Failure.notPrivateKey("no -----BEGIN PRIVATE KEY----- block")) {
            _ = try ECDSASigningKey(pkcs8: Array("not a key".utf8))
        }
    }

    @Test func lifetimeAndFieldsAreChecked() throws {
        let folder = try TemporaryDirectory("asapi")
        let directory = folder.url
        let (_, pem) = try Self.key(
            ["genpkey", "-algorithm", "EC", "-pkeyopt", "ec_paramgen_curve:P-256"], in: directory, name: "k.p8")
        let key = try ECDSASigningKey(pkcs8: pem)
        let token = AppStoreServerAPIToken(keyID: "K", issuerID: "I", bundleID: "B")
        #expect(throws: AppStoreServerAPIToken.Failure.lifetime(3601)) {
            _ = try token.token(signedWith: key, issuedAt: 0, lifetime: 3601)
        }
        #expect(throws: AppStoreServerAPIToken.Failure.emptyField("issuer id")) {
            _ = try AppStoreServerAPIToken(keyID: "K", issuerID: "", bundleID: "B").token(signedWith: key, issuedAt: 0)
        }
    }
}
