/// The ASN.1 tree of a receipt for `dump`: every element with offset, header length, length, tag and a value
/// preview, the payload and attribute values opened in place, and receipt field names annotated.
public struct ASN1DumpNode: Sendable {
    public let offset: Int
    public let headerLength: Int
    /// nil for the indefinite form.
    public let length: Int?
    public let depth: Int
    public let identifier: ASN1Identifier
    public let preview: String?
    public let annotation: String?
    /// True when the children were read from inside an OCTET STRING (the payload, attribute values).
    public let encapsulates: Bool
    public let children: [ASN1DumpNode]
}

public enum ASN1Dump {
    /// Builds the tree of a PKCS#7 receipt, annotating container parts and receipt fields.
    public static func tree(der: [UInt8]) throws(DecodeError) -> ASN1DumpNode {
        let root: ASN1Node
        do {
            root = try ASN1Node(parsing: der)
        } catch {
            throw .container(.asn1(error))
        }
        // The container is read first so that only a real receipt's payload is opened and annotated.
        // A container that does not read as a receipt is still dumped, just without receipt annotations.
        let container = try? PKCS7SignedData(der: der)
        var walker = Walker(
            payloadOffset: container?.contentNode.offset, certificateOffsets: Set(container?.certificates.map(\.offset) ?? []))
        do {
            return try walker.node(root, depth: 0, context: .container, annotation: "ContentInfo")
        } catch {
            throw .container(.asn1(error))
        }
    }

    private enum Context {
        case container
        case certificate
        case payloadSet(table: [Int64: ReceiptField], nested: Bool)
        case attribute(table: [Int64: ReceiptField], nested: Bool)
        case value
    }

    private struct Walker {
        let payloadOffset: Int?
        let certificateOffsets: Set<Int>
        var certificateIndex = 0
        /// Elements shown so far, against ``Limits/maximumDumpElements``.
        var shown = 0

        /// Counts one more element shown, refusing the dump once there are more than the limit.
        mutating func count(_ node: ASN1Node) throws(ASN1Error) {
            guard shown < Limits.maximumDumpElements else {
                throw .limitExceeded(offset: node.offset, limit: Limits.maximumDumpElements, what: "elements to dump")
            }
            shown += 1
        }

        mutating func node(_ node: ASN1Node, depth: Int, context: Context, annotation: String?) throws(ASN1Error) -> ASN1DumpNode
        {
            try count(node)
            var children: [ASN1DumpNode] = []
            switch context {
            case .attribute(let table, let nested):
                return try attribute(node, depth: depth, table: table, nested: nested, annotation: annotation)
            case .payloadSet(let table, let nested):
                var attributes = node.childReader()
                while let child = try attributes.next() {
                    children.append(
                        try self.node(child, depth: depth + 1, context: .attribute(table: table, nested: nested), annotation: nil)
                    )
                }
                return make(node, depth, annotation, false, children)
            case .container, .certificate, .value:
                if node.identifier.isConstructed {
                    var elements = node.childReader()
                    while let child = try elements.next() {
                        var childContext = context
                        var childAnnotation: String? = nil
                        if case .container = context, certificateOffsets.contains(child.offset) {
                            childContext = .certificate
                            childAnnotation = "certificate \(certificateIndex)"
                            certificateIndex += 1
                        }
                        if case .container = context, child.offset == payloadOffset {
                            children.append(
                                try opened(
                                    child, depth: depth + 1, context: .payloadSet(table: ReceiptField.appFields, nested: true),
                                    annotation: "receipt payload"))
                            continue
                        }
                        children.append(
                            try self.node(child, depth: depth + 1, context: childContext, annotation: childAnnotation))
                    }
                }
                return make(node, depth, annotation, false, children)
            }
        }

        /// A ReceiptAttribute (type, version, value) annotated with its field name; the value opened in place.
        mutating func attribute(
            _ node: ASN1Node, depth: Int, table: [Int64: ReceiptField], nested: Bool, annotation: String?
        ) throws(ASN1Error) -> ASN1DumpNode {
            var children: [ASN1DumpNode] = []
            var annotation = annotation
            // Four are enough to tell a well-formed attribute (three parts) from anything else.
            let first = try node.children(upTo: 4)
            let type = first.count == 3 ? try? first[0].int64Value() : nil
            let name = type.flatMap { table[$0]?.name } ?? (type == 17 && nested ? "in_app" : nil)
            if let type { annotation = "attribute \(type)" + (name.map { " \($0)" } ?? " (unknown)") }
            var parts = node.childReader()
            var index = 0
            while let part = try parts.next() {
                defer { index += 1 }
                let label = ["type", "version", "value"][min(index, 2)]
                if index == 2, type == 17, nested {
                    children.append(
                        try opened(
                            part, depth: depth + 1, context: .payloadSet(table: ReceiptField.inAppFields, nested: false),
                            annotation: "in-app purchase"))
                } else if index == 2 {
                    children.append(try opened(part, depth: depth + 1, context: .value, annotation: label))
                } else {
                    children.append(try self.node(part, depth: depth + 1, context: .value, annotation: label))
                }
            }
            return make(node, depth, annotation, false, children)
        }

        /// An OCTET STRING whose content is shown as the element it encloses, when it is one.
        mutating func opened(_ node: ASN1Node, depth: Int, context: Context, annotation: String?) throws(ASN1Error)
            -> ASN1DumpNode
        {
            try count(node)
            // A BER constructed OCTET STRING with one chunk: show the chunk, and open the chunk.
            if node.identifier.isConstructed {
                var chunks = node.childReader()
                if let only = try chunks.next(), try chunks.next() == nil, !only.identifier.isConstructed {
                    let chunk = try opened(only, depth: depth + 1, context: context, annotation: "chunk")
                    return make(node, depth, annotation, false, [chunk])
                }
            }
            // Raw values (opaque value, hash, undocumented binary) are not DER: shown as bytes, which is the answer.
            guard let inner = try? node.parseContentAsElement() else {
                return make(node, depth, annotation, false, [])
            }
            let child = try self.node(inner, depth: depth + 1, context: context, annotation: nil)
            return make(node, depth, annotation, true, [child])
        }

        func make(_ node: ASN1Node, _ depth: Int, _ annotation: String?, _ encapsulates: Bool, _ children: [ASN1DumpNode])
            -> ASN1DumpNode
        {
            ASN1DumpNode(
                offset: node.offset, headerLength: node.headerLength, length: node.declaredLength, depth: depth,
                identifier: node.identifier, preview: encapsulates ? nil : ASN1Dump.preview(node), annotation: annotation,
                encapsulates: encapsulates, children: children)
        }
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
    public var json: JSONValue {
        var object: [String: JSONValue] = [
            "offset": .integer(offset), "header_length": .integer(headerLength),
            "length": length.map { .integer($0) } ?? .null, "depth": .integer(depth),
            "class": .string(identifier.tagClass.rawValue), "tag": .integer(identifier.tagNumber),
            "tag_name": .string(identifier.name), "constructed": .bool(identifier.isConstructed),
        ]
        if let preview { object["value"] = .string(preview) }
        if let annotation { object["annotation"] = .string(annotation) }
        if encapsulates { object["encapsulates"] = .bool(true) }
        if !children.isEmpty { object["children"] = .array(children.map(\.json)) }
        return .object(object)
    }
}
