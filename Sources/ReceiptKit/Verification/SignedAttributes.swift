/// RFC 5652 §5.3, §5.4 and §11 checks for a SignerInfo that carries signed attributes (Apple's receipts do not,
/// but a container that does is read correctly instead of being misjudged).
///
/// With signed attributes the signature covers them, not the payload; the payload is tied in only through the
/// message-digest attribute. So that one attribute must mean one thing: the attributes are a well-formed SET of
/// `SEQUENCE { OID, SET OF value }`, content-type and message-digest each appear exactly once with exactly one
/// value (§11.1, §11.2), the content type is `data`, and the digest is an OCTET STRING equal to the payload's.
/// A reader that took the first or the last of two digests, or the octets of a digest under another tag, would
/// accept what another reader refuses.
enum SignedAttributes {
    static let contentTypeOID = "1.2.840.113549.1.9.3"
    static let messageDigestOID = "1.2.840.113549.1.9.4"

    /// Success when the attributes follow the rules above and their message digest equals the payload's.
    static func check(_ der: [UInt8], content: ArraySlice<UInt8>, digest: DigestAlgorithm) -> Result<Void, ProblemText> {
        let contentType: ASN1Node
        let messageDigest: ASN1Node
        do {
            let values = try attributeValues(der)
            contentType = try onlyValue(of: contentTypeOID, named: "content-type", section: "11.1", in: values)
            messageDigest = try onlyValue(of: messageDigestOID, named: "message-digest", section: "11.2", in: values)
        } catch let error as ProblemText {
            return .failure(error)
        } catch {
            return .failure(ProblemText("signed attributes are malformed: \(error)"))
        }
        do throws(ASN1Error) {
            guard try ASN1ObjectIdentifier(node: contentType) == .data else {
                return .failure(ProblemText("signed attributes do not name content type data"))
            }
        } catch {
            return .failure(ProblemText("the content-type attribute's value is not an OBJECT IDENTIFIER: \(error)"))
        }
        guard messageDigest.identifier == .octetString else {
            return .failure(
                ProblemText(
                    "the message-digest value at offset \(messageDigest.offset) is \(messageDigest.identifier.name); "
                        + "RFC 5652 §11.2 requires an OCTET STRING"))
        }
        let actual: [UInt8]
        do {
            actual = try digest.hash(content)
        } catch {
            return .failure(ProblemText("cannot hash the payload: \(error)"))
        }
        guard actual[...] == messageDigest.content else {
            return .failure(ProblemText("the signed message digest does not match the payload"))
        }
        return .success(())
    }

    /// The values of every attribute, by dotted type, in encoded order; throws for anything that is not a
    /// non-empty SET of `SEQUENCE { OBJECT IDENTIFIER, SET }`.
    static func attributeValues(_ der: [UInt8]) throws -> [String: [[ASN1Node]]] {
        let attributes = try ASN1Node(parsing: der)
        try attributes.expect(.set, "signed attributes")
        var values: [String: [[ASN1Node]]] = [:]
        var reader = attributes.childReader()
        while let attribute = try reader.next() {
            try attribute.expect(.sequence, "Attribute")
            let parts = try attribute.children()
            guard parts.count == 2 else {
                throw ProblemText(
                    "signed attributes are malformed: the Attribute at offset \(attribute.offset) has \(parts.count) elements, not type and values"
                )
            }
            let type = try ASN1ObjectIdentifier(node: parts[0]).dotted
            try parts[1].expect(.set, "attrValues")
            values[type, default: []].append(try parts[1].children())
        }
        guard !values.isEmpty else { throw ProblemText("signed attributes are present but empty (RFC 5652 §5.3: SIZE 1..MAX)") }
        return values
    }

    /// The single value of the attribute `type`, which must appear once with one value.
    static func onlyValue(of type: String, named name: String, section: String, in values: [String: [[ASN1Node]]])
        throws(ProblemText) -> ASN1Node
    {
        let occurrences = values[type] ?? []
        guard occurrences.count == 1 else {
            throw ProblemText(
                occurrences.isEmpty
                    ? "signed attributes carry no \(name) attribute (RFC 5652 §5.3 requires one)"
                    : "signed attributes carry \(occurrences.count) \(name) attributes; RFC 5652 §\(section) allows exactly one")
        }
        guard occurrences[0].count == 1 else {
            throw ProblemText(
                "the \(name) attribute has \(occurrences[0].count) values; RFC 5652 §\(section) requires exactly one")
        }
        return occurrences[0][0]
    }
}

/// A reason in words, usable as a `Result` failure.
struct ProblemText: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
