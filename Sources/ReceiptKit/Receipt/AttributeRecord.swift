/// One ReceiptAttribute as the decoder stores it: positions and a decoded number, no references and no Strings.
///
/// A 187-purchase receipt has about 2,600 attributes. Keeping each as a ``ReceiptAttribute`` (a node holding the
/// shared buffer) plus a dictionary entry per known field cost more than reading the DER; a record is plain
/// data in one array per SET, and strings are made from ``innerStart``..<``innerEnd`` only when someone asks.
package struct AttributeRecord: Sendable {
    /// What the decoder made of the attribute.
    package enum State: UInt8, Sendable {
        /// Not in the table, repeated, or not holding what the table expects: listed under unknown attributes.
        case unknown
        /// The nested SET type (an in-app purchase).
        case nested
        /// A known optional attribute that is empty: present, but not a value.
        case absent
        /// UTF-8 text at ``innerStart``..<``innerEnd``.
        case string
        /// ``number`` is the INTEGER.
        case integer
        /// ``number`` is 0 or 1.
        case flag
        /// ``number`` is the instant in milliseconds; the text is at ``innerStart``..<``innerEnd``.
        case date
        /// Text at ``innerStart``..<``innerEnd`` that is not a date.
        case unreadableDate
        /// The value octets themselves.
        case bytes

        /// Whether the attribute has a decoded value (one entry of ``AttributeSet/fields``).
        package var hasValue: Bool { rawValue >= State.string.rawValue }
    }

    package let type: Int64
    let version: Int64
    /// Offset of the attribute's SEQUENCE.
    let offset: Int
    /// Offset of the value OCTET STRING (always primitive, definite).
    let valueOffset: Int
    let valueStart: Int
    let valueEnd: Int
    /// Depth of the value OCTET STRING, as its ``ASN1Node/depth``.
    let valueDepth: Int
    package var state = State.unknown
    package var number: Int64 = 0
    var innerStart = 0
    var innerEnd = 0

    init(type: Int64, version: Int64, offset: Int, value: ASN1Span) {
        self.init(
            type: type, version: version, offset: offset, valueOffset: value.offset, valueStart: value.contentStart,
            valueEnd: value.contentEnd, valueDepth: value.depth)
    }

    init(type: Int64, version: Int64, offset: Int, valueOffset: Int, valueStart: Int, valueEnd: Int, valueDepth: Int) {
        self.type = type
        self.version = version
        self.offset = offset
        self.valueOffset = valueOffset
        self.valueStart = valueStart
        self.valueEnd = valueEnd
        self.valueDepth = valueDepth
    }

    /// The value OCTET STRING.
    var value: ASN1Span {
        ASN1Span(
            identifier: .octetString, offset: valueOffset, contentStart: valueStart, contentEnd: valueEnd,
            end: valueEnd, depth: valueDepth, declaredLength: valueEnd - valueStart)
    }

    /// The text at ``innerStart``..<``innerEnd`` of `bytes` (the buffer the record was read from).
    package func text(_ bytes: [UInt8]) -> String { String(decoding: bytes[innerStart..<innerEnd], as: UTF8.self) }

    /// The decoded value, reading text from `bytes` (the buffer the record was read from); nil without one.
    func fieldValue(_ bytes: [UInt8]) -> FieldValue? {
        switch state {
        case .unknown, .nested, .absent: return nil
        case .string: return .string(text(bytes))
        case .integer: return .integer(number)
        case .flag: return .flag(number == 1)
        case .date:
            return .date(raw: text(bytes), timestamp: Timestamp(milliseconds: number))
        case .unreadableDate: return .date(raw: text(bytes), timestamp: nil)
        case .bytes: return .bytes(Array(bytes[valueStart..<valueEnd]))
        }
    }
}
