extension ASN1Dump {
    enum Context {
        case container
        case certificate
        case payloadSet(table: [Int64: ReceiptField], nested: Bool)
        case attribute(table: [Int64: ReceiptField], nested: Bool)
        case value
    }

    /// Walks a tree for `dump`, never throwing: the first problem is kept in ``failure`` and the walk shows what
    /// comes before it. An element whose content runs past the end of what encloses it is shown cut and opened
    /// (its complete children come before the break); any other problem stops the walk where it is.
    struct Walker {
        let payloadOffset: Int?
        let certificateOffsets: Set<Int>
        var certificateIndex = 0
        /// Elements shown so far, against ``Limits/maximumDumpElements``.
        var shown = 0
        /// The first problem met (the one reported).
        var failure: ASN1Error? = nil
        /// Set at a problem that is not a cut element: nothing more is read.
        var stopped = false
        /// Set when the element limit was reached: the dump is refused rather than shown in part.
        var refused = false
        /// Offsets of the elements shown cut.
        var cut: Set<Int> = []
        /// Whether the one extra OCTET STRING around the payload that is opened has been.
        var extraWrappingOpened = false

        init(payloadOffset: Int?, certificateOffsets: Set<Int>) {
            self.payloadOffset = payloadOffset
            self.certificateOffsets = certificateOffsets
        }

        /// Where the payload OCTET STRING of a signedData sits, found by position alone (ContentInfo, [0],
        /// SignedData, contentInfo, [0], OCTET STRING) in a container too damaged for ``PKCS7SignedData``.
        static func payloadOffset(in root: ASN1Node) -> Int? {
            guard let signedData = signedData(in: root),
                let info = (try? signedData.children(upTo: 3))?.dropFirst(2).first, info.identifier == .sequence,
                let wrapper = (try? info.children(upTo: 2))?.dropFirst().first,
                let octets = (try? wrapper.children(upTo: 1))?.first,
                octets.identifier.tagClass == .universal, octets.identifier.tagNumber == 4
            else { return nil }
            return octets.offset
        }

        /// The offsets of the certificates in a damaged signedData: the complete ones and the one cut at the end.
        static func certificateOffsets(in root: ASN1Node) -> Set<Int> {
            guard let signedData = signedData(in: root) else { return [] }
            var fields = signedData.childReader()
            var field: ASN1Node? = nil
            for _ in 0..<4 { field = (try? fields.next()) ?? nil }
            guard let certificates = field ?? cutChild(of: signedData, at: fields.cursor),
                certificates.identifier == .contextConstructed(0)
            else { return [] }
            var offsets: Set<Int> = []
            var reader = certificates.childReader()
            while reader.cursor < certificates.contentRange.upperBound, offsets.count < Limits.maximumElementsPerElement {
                offsets.insert(reader.cursor)
                guard (try? reader.next()) != nil else { break }
            }
            return offsets
        }

        /// The SignedData SEQUENCE of a ContentInfo of type signedData, whole or cut.
        private static func signedData(in root: ASN1Node) -> ASN1Node? {
            var parts = root.childReader()
            guard let type = (try? parts.next()) ?? nil, (try? ASN1ObjectIdentifier(node: type)) == .signedData else {
                return nil
            }
            guard let explicit = (try? parts.next()) ?? cutChild(of: root, at: parts.cursor),
                explicit.identifier == .contextConstructed(0)
            else { return nil }
            var inner = explicit.childReader()
            return (try? inner.next()) ?? cutChild(of: explicit, at: inner.cursor)
        }

        private static func cutChild(of parent: ASN1Node, at offset: Int) -> ASN1Node? {
            ASN1Reader.readElementCut(
                in: parent.storage, at: offset, limit: parent.contentRange.upperBound, depth: parent.depth + 1)
        }

        mutating func record(_ error: ASN1Error) {
            if failure == nil { failure = error }
        }

        /// Counts one more element shown; false (and the walk stopped) once there would be more than the limit.
        mutating func count(_ node: ASN1Node) -> Bool {
            guard !stopped else { return false }
            guard shown < Limits.maximumDumpElements else {
                record(.limitExceeded(offset: node.offset, limit: Limits.maximumDumpElements, what: "elements to dump"))
                stopped = true
                refused = true
                return false
            }
            shown += 1
            return true
        }

        /// The next child `reader` yields, or nil at the end or at a break. A child that cannot be read whole but
        /// whose header can is returned cut at its parent's end, which is then used up.
        mutating func next(_ reader: inout ASN1ChildReader) -> ASN1Node? {
            guard !stopped else { return nil }
            let start = reader.cursor
            do {
                return try reader.next()
            } catch {
                record(error)
                let parent = reader.parent
                reader.cursor = parent.contentRange.upperBound
                guard !isLimit(error),
                    let child = ASN1Reader.readElementCut(
                        in: parent.storage, at: start, limit: parent.contentRange.upperBound, depth: parent.depth + 1)
                else {
                    stopped = true
                    return nil
                }
                cut.insert(child.offset)
                return child
            }
        }

        /// Errors that are refusals of a well-formed input rather than a break in it.
        func isLimit(_ error: ASN1Error) -> Bool {
            switch error {
            case .limitExceeded, .nestingTooDeep: return true
            default: return false
            }
        }

        mutating func node(_ node: ASN1Node, depth: Int, context: Context, annotation: String?) -> ASN1DumpNode? {
            if case .payloadSet(_, true) = context, !extraWrappingOpened, node.identifier.tagClass == .universal,
                node.identifier.tagNumber == 4
            {
                // One extra OCTET STRING around the payload SET (read with a warning by decode) is opened as well;
                // only one, as decode reads only one (and nested OCTET STRINGs would otherwise recurse unbounded).
                extraWrappingOpened = true
                return opened(node, depth: depth, context: context, annotation: "extra OCTET STRING around the payload")
            }
            guard count(node) else { return nil }
            switch context {
            case .attribute(let table, let nested):
                return attribute(node, depth: depth, table: table, nested: nested, annotation: annotation)
            case .payloadSet(let table, let nested):
                var children: [ASN1DumpNode] = []
                var attributes = node.childReader()
                while let child = next(&attributes) {
                    let shown = self.node(
                        child, depth: depth + 1, context: .attribute(table: table, nested: nested), annotation: nil)
                    if let shown { children.append(shown) }
                }
                return make(node, depth, annotation, false, children)
            case .container, .certificate, .value:
                return constructed(node, depth: depth, context: context, annotation: annotation)
            }
        }

        /// A ReceiptAttribute SEQUENCE { type, version, value }, annotated with its field name.
        mutating func attribute(_ node: ASN1Node, depth: Int, table: [Int64: ReceiptField], nested: Bool, annotation: String?)
            -> ASN1DumpNode
        {
            // Four are enough to tell a well-formed attribute (three parts) from anything else. A part that cannot be
            // read leaves the attribute without a name; the loop below meets the same problem and reports it.
            let first = (try? node.children(upTo: 4)) ?? []
            let type = first.count == 3 ? try? first[0].int64Value() : nil
            let name = type.flatMap { table[$0]?.name } ?? (type == 17 && nested ? "in_app" : nil)
            var annotation = annotation
            if let type { annotation = "attribute \(type)" + (name.map { " \($0)" } ?? " (unknown)") }
            var children: [ASN1DumpNode] = []
            var parts = node.childReader()
            var index = 0
            while let part = next(&parts) {
                defer { index += 1 }
                let label = ["type", "version", "value"][min(index, 2)]
                let shown: ASN1DumpNode?
                if index == 2, type == 17, nested {
                    shown = opened(
                        part, depth: depth + 1, context: .payloadSet(table: ReceiptField.inAppFields, nested: false),
                        annotation: "in-app purchase")
                } else if index == 2 {
                    shown = opened(part, depth: depth + 1, context: .value, annotation: label)
                } else {
                    shown = self.node(part, depth: depth + 1, context: .value, annotation: label)
                }
                if let shown { children.append(shown) }
            }
            return make(node, depth, annotation, false, children)
        }

        /// Any other element: its children in order, the certificates and the payload recognised by offset.
        mutating func constructed(_ node: ASN1Node, depth: Int, context: Context, annotation: String?) -> ASN1DumpNode {
            var children: [ASN1DumpNode] = []
            guard node.identifier.isConstructed else { return make(node, depth, annotation, false, children) }
            var elements = node.childReader()
            while let child = next(&elements) {
                var childContext = context
                var childAnnotation: String? = nil
                if case .container = context, certificateOffsets.contains(child.offset) {
                    childContext = .certificate
                    childAnnotation = "certificate \(certificateIndex)"
                    certificateIndex += 1
                }
                let shown: ASN1DumpNode?
                if case .container = context, child.offset == payloadOffset {
                    shown = opened(
                        child, depth: depth + 1, context: .payloadSet(table: ReceiptField.appFields, nested: true),
                        annotation: "receipt payload")
                } else {
                    shown = self.node(child, depth: depth + 1, context: childContext, annotation: childAnnotation)
                }
                if let shown { children.append(shown) }
            }
            return make(node, depth, annotation, false, children)
        }

        /// An OCTET STRING whose content is shown as the element it encloses, when it is one.
        mutating func opened(_ node: ASN1Node, depth: Int, context: Context, annotation: String?) -> ASN1DumpNode? {
            guard count(node) else { return nil }
            // A BER constructed OCTET STRING with one chunk: show the chunk, and open the chunk.
            if node.identifier.isConstructed {
                var chunks = node.childReader()
                do {
                    if let only = try chunks.next(), try chunks.next() == nil, !only.identifier.isConstructed {
                        let chunk = opened(only, depth: depth + 1, context: context, annotation: "chunk")
                        return make(node, depth, annotation, false, chunk.map { [$0] } ?? [])
                    }
                } catch {
                    record(error)
                    stopped = true
                    return make(node, depth, annotation, false, [])
                }
            }
            // Raw values (opaque value, hash, undocumented binary) are not DER: shown as bytes, which is the answer.
            // A cut OCTET STRING is opened as far as it goes.
            guard let inner = (try? node.parseContentAsElement()) ?? cutContent(of: node) else {
                return make(node, depth, annotation, false, [])
            }
            guard let child = self.node(inner, depth: depth + 1, context: context, annotation: nil) else {
                return make(node, depth, annotation, false, [])
            }
            return make(node, depth, annotation, true, [child])
        }

        /// The element at the start of a cut primitive OCTET STRING, itself cut.
        mutating func cutContent(of node: ASN1Node) -> ASN1Node? {
            guard cut.contains(node.offset), !node.identifier.isConstructed else { return nil }
            let inner = ASN1Reader.readElementCut(
                in: node.storage, at: node.contentRange.lowerBound, limit: node.contentRange.upperBound, depth: 0)
            if let inner { cut.insert(inner.offset) }
            return inner
        }

        func make(_ node: ASN1Node, _ depth: Int, _ annotation: String?, _ encapsulates: Bool, _ children: [ASN1DumpNode])
            -> ASN1DumpNode
        {
            ASN1DumpNode(
                offset: node.offset, headerLength: node.headerLength, length: node.declaredLength, depth: depth,
                identifier: node.identifier, preview: encapsulates ? nil : ASN1Dump.preview(node), annotation: annotation,
                encapsulates: encapsulates, truncated: cut.contains(node.offset), children: children)
        }
    }
}
