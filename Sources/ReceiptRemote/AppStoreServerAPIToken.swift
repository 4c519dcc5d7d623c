package import ReceiptKit

/// The bearer token of an App Store Server API request: an ES256 JWT signed with the in-app purchase key, as
/// Apple documents it ("Generating JSON Web Tokens for API requests").
///
/// Header `{"alg":"ES256","kid":KEY_ID,"typ":"JWT"}`; claims `iss` (the issuer id), `iat`, `exp` (at most 60
/// minutes later, Apple's limit), `aud` `appstoreconnect-v1` and `bid` (the app's bundle id). One token per
/// request keeps every token short-lived. The token is a secret: it is never printed, logged or put in an error.
package struct AppStoreServerAPIToken: Sendable {
    /// Apple refuses tokens that live longer than this.
    package static let maximumLifetimeSeconds: Int64 = 3600

    package enum Failure: Error, Equatable, Sendable, CustomStringConvertible {
        case lifetime(Int64)
        case emptyField(String)
        case key(ECDSASigningKey.Failure)

        package var description: String {
            switch self {
            case .lifetime(let seconds):
                return "a token lifetime of \(seconds) s is outside 1-\(AppStoreServerAPIToken.maximumLifetimeSeconds) s"
            case .emptyField(let name): return "the \(name) is empty"
            case .key(let failure): return "the in-app purchase key: \(failure)"
            }
        }
    }

    package let keyID: String
    package let issuerID: String
    package let bundleID: String

    package init(keyID: String, issuerID: String, bundleID: String) {
        self.keyID = keyID
        self.issuerID = issuerID
        self.bundleID = bundleID
    }

    /// The compact JWT, issued at `issuedAt` (seconds since 1970) and expiring `lifetime` seconds later.
    package func token(signedWith key: ECDSASigningKey, issuedAt: Int64, lifetime: Int64 = 300) throws(Failure) -> String {
        guard (1...Self.maximumLifetimeSeconds).contains(lifetime) else { throw .lifetime(lifetime) }
        for (name, value) in [("key id", keyID), ("issuer id", issuerID), ("bundle id", bundleID)] where value.isEmpty {
            throw .emptyField(name)
        }
        var header = JSONOutput(pretty: false)
        header.beginObject()
        header.member("alg", "ES256")
        header.member("kid", keyID)
        header.member("typ", "JWT")
        header.endObject()
        var claims = JSONOutput(pretty: false)
        claims.beginObject()
        claims.member("aud", "appstoreconnect-v1")
        claims.member("bid", bundleID)
        claims.member("exp", integer: issuedAt &+ lifetime)
        claims.member("iat", integer: issuedAt)
        claims.member("iss", issuerID)
        claims.endObject()
        let signingInput =
            LenientBase64.encode(header.bytes, urlSafe: true) + "." + LenientBase64.encode(claims.bytes, urlSafe: true)
        let signature: [UInt8]
        do throws(ECDSASigningKey.Failure) {
            signature = try key.signES256(Array(signingInput.utf8))
        } catch {
            throw .key(error)
        }
        return signingInput + "." + LenientBase64.encode(signature, urlSafe: true)
    }
}
