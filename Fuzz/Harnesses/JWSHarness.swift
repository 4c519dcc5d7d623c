import ReceiptKit

/// Target `jws`: ``CompactJWS`` on the input as a token (split, base64url, JSON of header and payload, x5c
/// certificates), and the payload's JSON read the way `decode` reads it.
enum JWSHarness {
    static func run(_ bytes: [UInt8]) {
        let token = String(decoding: bytes, as: UTF8.self)
        do {
            let jws = try CompactJWS(token)
            Rendering.sink(jws.signature.count + jws.certificates.count)
            for key in ["signedDate", "purchaseDate", "expiresDate"] {
                guard let milliseconds = jws.payload[key]?.int64Value else { continue }
                Rendering.sink(Rendering.text(Timestamp(milliseconds: milliseconds)).count)
            }
        } catch {
            return
        }
    }
}
