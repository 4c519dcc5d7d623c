/// An app receipt taken apart: its PKCS#7 container, the embedded certificates and the payload.
///
/// The parts live in one shared object: a decoded receipt is handed on by value (out of the decoder's result, into
/// verification contexts and documents), and copying the parts themselves would retain each of the dozen
/// references inside them on every hand-over.
public struct AppReceipt: Sendable {
    private final class Parts: Sendable {
        let container: PKCS7SignedData
        let certificates: [X509Certificate]
        let receipt: Receipt

        init(container: PKCS7SignedData, certificates: [X509Certificate], receipt: Receipt) {
            self.container = container
            self.certificates = certificates
            self.receipt = receipt
        }
    }

    private let parts: Parts

    package var container: PKCS7SignedData { parts.container }
    /// The embedded certificates in container order, decoded through the cache (each once per process).
    public var certificates: [X509Certificate] { parts.certificates }
    /// The payload's fields, typed (bundle id, versions, dates, the in-app purchases).
    public var receipt: Receipt { parts.receipt }

    /// Decodes a DER (or BER) app receipt: the container, its certificates and the payload.
    /// - Parameters:
    ///   - der: The receipt's bytes, already unwrapped from base64 (``ReceiptDecoder`` does that for any input).
    ///   - cache: Where decoded certificates are kept, so a batch decodes each certificate once.
    /// - Throws: `DecodeError` naming the layer that refused the bytes and the offset.
    public init(der: [UInt8], cache: CertificateCache = .shared) throws(DecodeError) {
        let container: PKCS7SignedData
        do {
            container = try PKCS7SignedData(der: der)
        } catch {
            // A certificate is the DER people most often hand in by mistake: say so rather than "wrong tag".
            if case .asn1(.unexpectedTag) = error, let certificate = try? X509Certificate(der: der) {
                throw .input(
                    .unrecognised(
                        "input is an X.509 certificate (\(certificate.subject)), not a receipt; verify \(option: .trustAnchor) takes certificates"
                    ))
            }
            throw .container(error)
        }
        var certificates: [X509Certificate] = []
        certificates.reserveCapacity(container.certificates.count)
        for (index, embedded) in container.certificates.enumerated() {
            do {
                certificates.append(try cache.certificate(der: embedded.der))
            } catch {
                throw .container(.invalidCertificate(index: index, offset: embedded.offset, error))
            }
        }
        let receipt: Receipt
        do {
            receipt = try Receipt(payload: container.payloadNode())
        } catch {
            throw .payload(error)
        }
        parts = Parts(container: container, certificates: certificates, receipt: receipt)
    }

    /// SHA-256 of the container's encoding, a stable identity for a receipt; computed on request because
    /// hashing a 60 KB receipt costs more than verifying its signature.
    /// - Returns: The 32 digest bytes.
    /// - Throws: `OpenSSLError` when OpenSSL cannot compute SHA-256 here.
    public func derSHA256() throws(OpenSSLError) -> [UInt8] {
        try DigestAlgorithm.sha256.hash(container.root.encodedBytes)
    }

    /// The embedded certificate a SignerInfo names, found by issuer and serial (never by position).
    package func certificate(signing signer: SignerInfo) -> X509Certificate? {
        certificates.first { $0.serialNumber == signer.serialNumber && $0.issuerNameEquals(der: signer.issuerDER) }
    }

    /// True for receipts made by StoreKit Testing in Xcode: receipt type "Xcode".
    public var isXcodeReceipt: Bool { receipt.environment == .xcode }

    /// The output kind name: `app_receipt` or `xcode_receipt`.
    package var kindName: String { isXcodeReceipt ? "xcode_receipt" : "app_receipt" }
}
