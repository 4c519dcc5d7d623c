/// One `ReceiptAttribute` of the payload, kept whole so nothing is ever dropped.
///
/// ```
/// ReceiptAttribute ::= SEQUENCE {
///     type     INTEGER,
///     version  INTEGER,
///     value    OCTET STRING }
/// ```
package struct ReceiptAttribute: Sendable {
    package let type: Int64
    package let version: Int64
    /// Offset of the attribute's SEQUENCE in the input (or in the payload buffer for BER-chunked payloads).
    package let offset: Int
    /// The OCTET STRING element holding the value.
    package let valueNode: ASN1Node

    /// The value octets: for most types a complete DER element, for types 4, 5, 6 and 7 raw bytes.
    package var value: ArraySlice<UInt8> { valueNode.content }

    init(type: Int64, version: Int64, offset: Int, valueNode: ASN1Node) {
        self.type = type
        self.version = version
        self.offset = offset
        self.valueNode = valueNode
    }

    /// The value's inner element when the octets are exactly one well-formed element, else nil (raw bytes).
    ///
    /// Raw values are normal here (types 4-7 are not DER), so failing to parse is an answer, not an error.
    package var innerElement: ASN1Node? { try? valueNode.parseContentAsElement() }

    /// The inner value decoded for display: a string, an integer, or nil for raw bytes.
    ///
    /// Read with the span reader over the pinned buffer (every unknown attribute of every purchase passes here
    /// when a receipt is printed); a constructed OCTET STRING takes the node reader's way through its chunks.
    package var decodedValue: AttributeValue {
        guard !valueNode.identifier.isConstructed else { return Self.decoded(innerElement) }
        return Self.decodedValue(of: ASN1Span(valueNode), in: valueNode.storage)
    }

    /// What the primitive OCTET STRING `octets` of `storage` holds, read with the span reader.
    static func decodedValue(of octets: ASN1Span, in storage: ASN1Buffer) -> AttributeValue {
        do throws(ASN1Error) {
            return try storage.withSpanReader { reader throws(ASN1Error) in
                let inner = try reader.innerElement(of: octets)
                if reader.isUTF8String(inner) {
                    return .string(String(decoding: reader.bytes[inner.contentStart..<inner.contentEnd], as: UTF8.self))
                }
                if inner.identifier == .integer {
                    do throws(ASN1Error) { return .integer(try reader.int64Value(inner)) } catch { return .raw }
                }
                if inner.identifier == .set { return .set }
                return .element(inner.identifier.name)
            }
        } catch {
            return .raw
        }
    }

    /// What a node read of the inner element shows.
    private static func decoded(_ inner: ASN1Node?) -> AttributeValue {
        guard let inner else { return .raw }
        if let text = inner.stringValue { return .string(text) }
        if inner.identifier == .integer {
            if let number = try? inner.int64Value() { return .integer(number) }
            return .raw
        }
        if inner.identifier == .set { return .set }
        return .element(inner.identifier.name)
    }
}
