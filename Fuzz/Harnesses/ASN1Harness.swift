import ReceiptKit

/// Target `asn1`: the BER/DER reader. Reads the root, visits every node through ``ASN1ChildReader``, reads
/// every value a node can be asked for (integer, string, OID and its name, OCTET STRING content), parses
/// OCTET STRINGs as embedded elements the way receipts nest them, and tries the root as a receipt payload.
enum ASN1Harness {
    /// How many OCTET STRING levels are opened inside each other; receipts use two.
    static let embeddingLimit = 3

    static func run(_ bytes: [UInt8]) {
        let root: ASN1Node
        do {
            root = try ASN1Node(parsing: bytes)
        } catch {
            return
        }
        walk(root, embedding: 0)
        do {
            Rendering.sink(try root.children().count)
            Rendering.sink(try Receipt(payload: root).inApp.count)
        } catch {
            return
        }
    }

    /// Visits `start` and everything below it, depth first, without recursion.
    static func walk(_ start: ASN1Node, embedding: Int) {
        var pending = [start]
        while let node = pending.popLast() {
            readValues(of: node, embedding: embedding)
            guard node.identifier.isConstructed else { continue }
            var reader = node.childReader()
            do {
                while let child = try reader.next() { pending.append(child) }
            } catch {
                continue
            }
        }
    }

    /// Asks `node` for every value its tag allows; refusals are expected and ignored.
    static func readValues(of node: ASN1Node, embedding: Int) {
        let identifier = node.identifier
        Rendering.sink(identifier.name.count + (node.stringValue?.count ?? 0))
        guard identifier.tagClass == .universal else { return }
        do {
            switch identifier.tagNumber {
            case ASN1Identifier.integer.tagNumber:
                Rendering.sink(Int(truncatingIfNeeded: try node.int64Value()))
            case ASN1Identifier.objectIdentifier.tagNumber:
                let oid = try ASN1ObjectIdentifier(node: node)
                Rendering.sink(oid.dotted.count + (oid.name?.count ?? 0))
            case ASN1Identifier.octetString.tagNumber:
                Rendering.sink(try node.octetStringBytes().count)
                guard embedding < embeddingLimit else { return }
                walk(try node.parseContentAsElement(), embedding: embedding + 1)
            default:
                return
            }
        } catch {
            return
        }
    }
}
