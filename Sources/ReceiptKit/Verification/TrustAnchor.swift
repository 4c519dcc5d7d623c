/// A certificate the verifier trusts as the top of a chain, known by its SHA-256 fingerprint.
public struct TrustAnchor: Sendable {
    /// A human name ("Apple Inc. Root", or the certificate's subject).
    public let name: String
    /// Uppercase hex SHA-256 of the certificate's DER.
    public let sha256Fingerprint: String
    /// The certificate itself when known (user anchors), so chains that omit their root can still end at it.
    public let certificate: X509Certificate?
    /// Where the anchor came from: "pinned" or the file it was loaded from.
    public let source: String

    /// An anchor known by its fingerprint, for pinning a root without its file.
    /// - Parameters:
    ///   - name: A human name for reports.
    ///   - sha256Fingerprint: Uppercase hex SHA-256 of the certificate's DER.
    ///   - certificate: The certificate itself, so a chain that omits its root can end at it.
    ///   - source: Where the anchor came from, for the report.
    public init(name: String, sha256Fingerprint: String, certificate: X509Certificate? = nil, source: String) {
        self.name = name
        self.sha256Fingerprint = sha256Fingerprint.uppercased()
        self.certificate = certificate
        self.source = source
    }

    /// A user-supplied certificate (from --trust-anchor).
    /// - Parameters:
    ///   - certificate: The certificate to trust, e.g. loaded with ``X509Certificate/load(_:cache:)``.
    ///   - source: Where it came from, for the report (a file name).
    public init(certificate: X509Certificate, source: String) {
        self.init(
            name: certificate.subjectCommonName ?? certificate.subject, sha256Fingerprint: certificate.sha256Fingerprint,
            certificate: certificate, source: source)
    }

    /// Apple Inc. Root Certificate (CN=Apple Root CA), the root of every App Store receipt chain
    /// (receipt-format.md §4.3; equal to the copy embedded in every real receipt).
    public static let appleIncRoot = TrustAnchor(
        name: "Apple Inc. Root (CN=Apple Root CA)",
        sha256Fingerprint: "B0B1730ECBC7FF4505142C49F1295E6EDA6BCAED7E2C68C5BE91B5A11001F024", source: "pinned")

    /// Apple Root CA - G3 (P-384), the root of every StoreKit 2 JWS chain (receipt-format.md §4.3, §7.1; equal to
    /// x5c[2] of a real Apple notification).
    public static let appleRootCAG3 = TrustAnchor(
        name: "Apple Root CA - G3",
        sha256Fingerprint: "63343ABFB89A6A03EBB57E9B3F5FA7BE7C4F5C756F3017B3A8C488C3653E9179", source: "pinned")

    /// The fixed self-signed "StoreKit" certificate that signs Xcode StoreKit-testing receipts (§8); trusted
    /// only with --allow-xcode.
    public static let xcodeStoreKit = TrustAnchor(
        name: "StoreKit Testing in Xcode (CN=StoreKit)",
        sha256Fingerprint: "FF0BA36E721D2DB741D2AA11E6112EF78BF7131B46C7F035B00891D045C864FE", source: "pinned")
}
