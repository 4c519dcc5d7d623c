public import Foundation

/// The project's own test vectors (TestVectors/, made with the openssl CLI and the project's test PKI, so that
/// expectations never come from the code under test) and the shared corpus's files, read as bytes.
public enum Fixtures {
    public static let testVectors = Project.url("TestVectors")

    public static func bytes(_ url: URL) throws -> [UInt8] {
        Array(try Data(contentsOf: url))
    }

    /// The bytes of `relativePath` under TestVectors/.
    public static func testVector(_ relativePath: String) throws -> [UInt8] {
        try bytes(testVectors.appendingPathComponent(relativePath))
    }

    /// The text of `relativePath` under TestVectors/ with every blank left out (a base64 vector as one line).
    public static func testVectorBase64(_ relativePath: String) throws -> String {
        String(decoding: try testVector(relativePath), as: UTF8.self).filter { !$0.isWhitespace }
    }

    /// The bytes of `relativePath` inside the shared corpus (a test that reads it requires `Corpus.present`).
    public static func shared(_ relativePath: String) throws -> [UInt8] { try Corpus.bytes(relativePath) }
}

/// The test PKI's trust anchors, as paths relative to the project root (where the binary runner starts the
/// binary): the receipt PKI of TestVectors/pki (TestVectors/make-vectors.sh) and the StoreKit 2 one of
/// TestVectors/jws/pki.
public enum TestPKI {
    /// The root that signs the project's PKCS #7 receipt vectors.
    public static let receiptRoot = "TestVectors/pki/root.pem"
    /// The root of the project's StoreKit 2 (JWS) vectors' x5c chains.
    public static let storeKitRoot = "TestVectors/jws/pki/root.pem"
    /// The StoreKit 2 root's private key, the In-App Purchase key of the App Store Server API tests.
    public static let storeKitRootKey = "TestVectors/jws/pki/root.key"
}
