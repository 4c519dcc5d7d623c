/// The class bits of an ASN.1 identifier octet (X.690 §8.1.2.2).
package enum ASN1TagClass: String, Sendable, Hashable, Codable {
    case universal
    case application
    case contextSpecific = "context"
    case `private`
}

/// The tag of an ASN.1 element: its class, its number and whether it is constructed.
package struct ASN1Identifier: Hashable, Sendable {
    package let tagClass: ASN1TagClass
    package let tagNumber: Int
    package let isConstructed: Bool

    package init(tagClass: ASN1TagClass, tagNumber: Int, isConstructed: Bool) {
        self.tagClass = tagClass
        self.tagNumber = tagNumber
        self.isConstructed = isConstructed
    }

    package static let integer = ASN1Identifier(tagClass: .universal, tagNumber: 2, isConstructed: false)
    package static let octetString = ASN1Identifier(tagClass: .universal, tagNumber: 4, isConstructed: false)
    package static let null = ASN1Identifier(tagClass: .universal, tagNumber: 5, isConstructed: false)
    package static let objectIdentifier = ASN1Identifier(tagClass: .universal, tagNumber: 6, isConstructed: false)
    package static let utf8String = ASN1Identifier(tagClass: .universal, tagNumber: 12, isConstructed: false)
    package static let ia5String = ASN1Identifier(tagClass: .universal, tagNumber: 22, isConstructed: false)
    package static let sequence = ASN1Identifier(tagClass: .universal, tagNumber: 16, isConstructed: true)
    package static let set = ASN1Identifier(tagClass: .universal, tagNumber: 17, isConstructed: true)

    /// A context-specific constructed tag such as `[0]` in `[0] EXPLICIT`.
    package static func contextConstructed(_ number: Int) -> ASN1Identifier {
        ASN1Identifier(tagClass: .contextSpecific, tagNumber: number, isConstructed: true)
    }

    /// A short human name: `SEQUENCE`, `INTEGER`, `[0]`, `[APPLICATION 3]`.
    package var name: String {
        switch tagClass {
        case .universal:
            return Self.universalNames[tagNumber] ?? "UNIVERSAL \(tagNumber)"
        case .application: return "[APPLICATION \(tagNumber)]"
        case .contextSpecific: return "[\(tagNumber)]"
        case .private: return "[PRIVATE \(tagNumber)]"
        }
    }

    private static let universalNames: [Int: String] = [
        0: "END-OF-CONTENTS", 1: "BOOLEAN", 2: "INTEGER", 3: "BIT STRING", 4: "OCTET STRING", 5: "NULL",
        6: "OBJECT IDENTIFIER", 10: "ENUMERATED", 12: "UTF8String", 16: "SEQUENCE", 17: "SET",
        18: "NumericString", 19: "PrintableString", 20: "T61String", 22: "IA5String", 23: "UTCTime",
        24: "GeneralizedTime", 26: "VisibleString", 28: "UniversalString", 30: "BMPString",
    ]
}
