/// RFC 5652 §5.4 checks for a SignerInfo that carries signed attributes (Apple's receipts do not, but a
/// container that does is read correctly instead of being misjudged).
enum SignedAttributes {
    static let contentTypeOID = "1.2.840.113549.1.9.3"
    static let messageDigestOID = "1.2.840.113549.1.9.4"

    /// Success when the attributes name content type `data` and their message digest equals the payload's.
    static func check(_ der: [UInt8], content: [UInt8], digest: DigestAlgorithm) -> Result<Void, ProblemText> {
        var messageDigest: [UInt8]? = nil
        var contentType: String? = nil
        do throws(ASN1Error) {
            for attribute in try ASN1Node(parsing: der).children() {
                let parts = try attribute.children()
                guard parts.count == 2 else { continue }
                let type = try ASN1ObjectIdentifier(node: parts[0]).dotted
                let value = try parts[1].children().first
                if type == messageDigestOID, let value { messageDigest = Array(value.content) }
                if type == contentTypeOID, let value { contentType = try ASN1ObjectIdentifier(node: value).dotted }
            }
        } catch {
            return .failure(ProblemText("signed attributes are malformed: \(error)"))
        }
        guard contentType == ASN1ObjectIdentifier.data.dotted else {
            return .failure(ProblemText("signed attributes do not name content type data"))
        }
        guard let messageDigest else { return .failure(ProblemText("signed attributes carry no message digest")) }
        let actual: [UInt8]
        do {
            actual = try digest.hash(content)
        } catch {
            return .failure(ProblemText("cannot hash the payload: \(error)"))
        }
        guard actual == messageDigest else {
            return .failure(ProblemText("the signed message digest does not match the payload"))
        }
        return .success(())
    }
}

/// A reason in words, usable as a `Result` failure.
struct ProblemText: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
