/// Whether a container is DER, and if not, which BER freedoms it uses; what `decode` reports as `encoding`.
///
/// The signature covers only the payload octets, so the container around them can be re-encoded at will (long
/// length forms, indefinite lengths, split OCTET STRINGs) and still verify. Calling such a container "DER" would
/// hide that its bytes, and so its `der_sha256`, are not the canonical ones. Every element of the container is
/// looked at, certificates and SignerInfos included; the payload inside its OCTET STRING is not (it is signed).
package struct ContainerEncoding: Sendable, Equatable {
    /// Some element uses the indefinite-length form (X.690 §8.1.3.6; DER forbids it, §10.1).
    package private(set) var indefiniteLengths = false
    /// Some definite length uses more octets than needed (X.690 §10.1 requires the fewest).
    package private(set) var nonMinimalLengths = false
    /// Some tag number below 31 is written in the multi-octet form, or with a redundant leading 0x80 octet.
    package private(set) var nonMinimalTags = false
    /// Some string type (OCTET STRING, BIT STRING, character strings) is constructed (DER forbids it, §10.2).
    package private(set) var constructedStrings = false
    /// The offset and reason of an element this reader could not walk (deep inside a certificate that OpenSSL
    /// decoded), if any: the encoding is then not claimed to be DER.
    package private(set) var unreadable: (offset: Int, reason: String)?

    /// Walks every element under `root` (iteratively, so depth costs no stack).
    package init(root: ASN1Node) {
        var pending = [root]
        while let node = pending.popLast() {
            inspect(node)
            guard node.identifier.isConstructed else { continue }
            var children = node.childReader()
            do {
                while let child = try children.next() { pending.append(child) }
            } catch {
                if unreadable == nil { unreadable = (error.offset, error.description) }
            }
        }
    }

    /// `DER`, or `BER (...)` naming what is not DER; the name Xcode's receipts always had, "BER (indefinite
    /// lengths)", covers their constructed OCTET STRING too, since only constructed elements can be indefinite.
    package var name: String {
        var features: [String] = []
        if indefiniteLengths { features.append("indefinite lengths") }
        if nonMinimalLengths { features.append("non-minimal lengths") }
        if nonMinimalTags { features.append("non-minimal tags") }
        if constructedStrings, !indefiniteLengths { features.append("constructed strings") }
        if let unreadable { features.append("an element at offset \(unreadable.offset) not checked: \(unreadable.reason)") }
        return features.isEmpty ? "DER" : "BER (\(features.joined(separator: ", ")))"
    }

    package static func == (lhs: ContainerEncoding, rhs: ContainerEncoding) -> Bool { lhs.name == rhs.name }

    private mutating func inspect(_ node: ASN1Node) {
        let identifierLength = Self.identifierLength(node)
        if identifierLength != Self.minimalIdentifierLength(node.identifier.tagNumber) { nonMinimalTags = true }
        if let length = node.declaredLength {
            if node.headerLength - identifierLength != Self.minimalLengthOctets(length) { nonMinimalLengths = true }
        } else {
            indefiniteLengths = true
        }
        if node.identifier.isConstructed, node.identifier.tagClass == .universal,
            Self.stringTags.contains(node.identifier.tagNumber)
        {
            constructedStrings = true
        }
    }

    /// BIT STRING, OCTET STRING, the character strings and the two time types: primitive only in DER.
    private static let stringTags: Set<Int> = [3, 4, 12, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 30]

    /// The identifier octets as written: one, or the 0x1F octet and the base-128 digits of the tag number.
    private static func identifierLength(_ node: ASN1Node) -> Int {
        guard node.buffer[node.offset] & 0x1F == 0x1F else { return 1 }
        var index = node.offset + 1
        while index < node.offset + node.headerLength, node.buffer[index] & 0x80 != 0 { index += 1 }
        return index - node.offset + 1
    }

    private static func minimalIdentifierLength(_ tagNumber: Int) -> Int {
        guard tagNumber >= 31 else { return 1 }
        var digits = 1
        var rest = tagNumber >> 7
        while rest > 0 {
            digits += 1
            rest >>= 7
        }
        return 1 + digits
    }

    private static func minimalLengthOctets(_ length: Int) -> Int {
        guard length >= 0x80 else { return 1 }
        var octets = 0
        var rest = length
        while rest > 0 {
            octets += 1
            rest >>= 8
        }
        return 1 + octets
    }
}
