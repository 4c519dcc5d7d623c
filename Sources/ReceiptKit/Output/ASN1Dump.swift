/// The ASN.1 tree of a receipt for `dump`: every element with offset, header length, length, tag and a value
/// preview, the payload and attribute values opened in place, and receipt field names annotated.
package struct ASN1DumpNode: Sendable {
    package let offset: Int
    package let headerLength: Int
    /// nil for the indefinite form.
    package let length: Int?
    package let depth: Int
    package let identifier: ASN1Identifier
    package let preview: String?
    package let annotation: String?
    /// True when the children were read from inside an OCTET STRING (the payload, attribute values).
    package let encapsulates: Bool
    /// True when the element's content runs past the end of the input or of what encloses it: it is shown as
    /// far as it goes (only in the tree of a damaged input).
    package let truncated: Bool
    package let children: [ASN1DumpNode]
}

/// What `dump` could read of an input: every element up to the first problem, and that problem.
package struct ASN1DumpResult: Sendable {
    /// The elements read before the input broke; nil when not even the first header could be read, or when the
    /// input has more elements than ``Limits/maximumDumpElements`` (a refusal, not a break: nothing is shown).
    package let tree: ASN1DumpNode?
    /// Why the input is not a complete BER element, or nil when it is: the error `decode` reports for the same
    /// bytes when the input itself is broken, at the offset where it broke.
    package let failure: DecodeError?
}

package enum ASN1Dump {
    /// Builds the tree of a PKCS#7 receipt, annotating container parts and receipt fields; throws the problem of
    /// a damaged input (``read(der:)`` keeps what could be read as well).
    package static func tree(der: [UInt8]) throws(DecodeError) -> ASN1DumpNode {
        let result = read(der: der)
        if let failure = result.failure { throw failure }
        guard let tree = result.tree else { throw .container(.asn1(.empty)) }
        return tree
    }

    /// Reads every element it can, in the spirit of `openssl asn1parse`: up to the first problem, with an element
    /// whose content runs past the end of what encloses it shown cut (``ASN1DumpNode/truncated``) and opened.
    package static func read(der: [UInt8]) -> ASN1DumpResult {
        var failure: ASN1Error? = nil
        var root: ASN1Node
        var rootIsCut = false
        do {
            root = try ASN1Node(parsing: der)
        } catch {
            failure = error
            let storage = ASN1Buffer(der)
            do {
                // Trailing bytes: the element itself is whole.
                root = try ASN1Reader.readElement(in: storage, at: 0, limit: der.count, depth: 0)
            } catch {
                guard let cut = ASN1Reader.readElementCut(in: storage, at: 0, limit: der.count, depth: 0) else {
                    return ASN1DumpResult(tree: nil, failure: .container(.asn1(failure ?? error)))
                }
                root = cut
                rootIsCut = true
            }
        }
        // The container is read first so that only a real receipt's payload is opened and annotated. A damaged
        // one is located by position instead; anything else is still dumped, just without receipt annotations.
        var walker: Walker
        if let container = try? PKCS7SignedData(der: der) {
            walker = Walker(
                payloadOffset: container.contentNode.offset, certificateOffsets: Set(container.certificates.map(\.offset)))
        } else if failure != nil {
            walker = Walker(
                payloadOffset: Walker.payloadOffset(in: root), certificateOffsets: Walker.certificateOffsets(in: root))
        } else {
            walker = Walker(payloadOffset: nil, certificateOffsets: [])
        }
        walker.failure = failure
        if rootIsCut { walker.cut.insert(root.offset) }
        let tree = walker.node(root, depth: 0, context: .container, annotation: "ContentInfo")
        let problem = walker.failure.map { DecodeError.container(.asn1($0)) }
        return ASN1DumpResult(tree: walker.refused ? nil : tree, failure: problem)
    }

    /// A short rendering of a primitive value.
    static func preview(_ node: ASN1Node) -> String? {
        guard !node.identifier.isConstructed else { return nil }
        if node.identifier == .objectIdentifier, let oid = try? ASN1ObjectIdentifier(node: node) {
            if let name = PKCS7SignedData.contentTypeNames[oid.dotted] ?? oid.name { return "\(oid.dotted) (\(name))" }
            return oid.dotted
        }
        if node.identifier == .integer {
            if node.content.count <= 8, let value = try? node.int64Value() { return String(value) }
            return "0x" + node.content.hexString()
        }
        if let text = node.stringValue {
            let shown = text.count > 80 ? String(text.prefix(80)) + "…" : text
            return "\"\(shown)\""
        }
        if node.identifier.tagClass == .universal, [23, 24].contains(node.identifier.tagNumber) {
            return String(decoding: node.content, as: UTF8.self)
        }
        if node.identifier == .null { return nil }
        if node.content.isEmpty { return "" }
        let bytes = node.content.prefix(24).hexString()
        return node.content.count > 24 ? bytes + "… (\(node.content.count) bytes)" : bytes
    }
}

extension ASN1DumpNode {
    /// `{annotation?, children?, class, constructed, depth, encapsulates?, header_length, length, offset, tag,
    /// tag_name, truncated?, value?}`.
    package func write(to output: inout JSONOutput) {
        output.beginObject()
        writeMembers(to: &output)
        output.endObject()
    }

    /// The members, for the caller's object (dump adds `error` beside them for a damaged input).
    package func writeMembers(to output: inout JSONOutput) {
        output.member("annotation", annotation)
        if !children.isEmpty {
            output.key("children")
            output.beginArray()
            for child in children { child.write(to: &output) }
            output.endArray()
        }
        output.key("class")
        output.string(identifier.tagClass.rawValue)
        output.key("constructed")
        output.bool(identifier.isConstructed)
        output.key("depth")
        output.integer(depth)
        if encapsulates {
            output.key("encapsulates")
            output.bool(true)
        }
        output.key("header_length")
        output.integer(headerLength)
        output.key("length")
        if let length { output.integer(length) } else { output.null() }
        output.key("offset")
        output.integer(offset)
        output.key("tag")
        output.integer(identifier.tagNumber)
        output.key("tag_name")
        output.string(identifier.name)
        if truncated {
            output.key("truncated")
            output.bool(true)
        }
        output.member("value", preview)
    }
}
