/// Scaled-down versions of the hostile inputs `scripts/make-hostile-inputs.py` writes at full size: DER built
/// byte by byte, so the tests need no files and can put an element exactly one past a limit.
enum HostileInputs {
    /// The DER length octets of `count`.
    static func length(_ count: Int) -> [UInt8] {
        guard count >= 0x80 else { return [UInt8(count)] }
        var octets: [UInt8] = []
        var rest = count
        while rest > 0 {
            octets.insert(UInt8(rest & 0xFF), at: 0)
            rest >>= 8
        }
        return [0x80 | UInt8(octets.count)] + octets
    }

    /// One element: tag, DER length, content.
    static func tlv(_ tag: UInt8, _ content: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [tag]
        out += length(content.count)
        out += content
        return out
    }

    /// A SEQUENCE of `count` NULLs.
    static func sequenceOfNulls(_ count: Int) -> [UInt8] {
        tlv(0x30, nulls(count))
    }

    /// The encodings of `count` NULLs, back to back.
    static func nulls(_ count: Int) -> [UInt8] {
        var content: [UInt8] = []
        content.reserveCapacity(count * 2)
        for _ in 0..<count { content += [0x05, 0x00] }
        return content
    }

    /// ReceiptAttribute { type, version 1, OCTET STRING value } with a type below 128.
    static func attribute(_ type: UInt8, value: [UInt8] = []) -> [UInt8] {
        tlv(0x30, [0x02, 0x01, type, 0x02, 0x01, 0x01] + tlv(0x04, value))
    }

    /// An in-app purchase attribute (type 17) holding an empty SET.
    static let emptyPurchase = attribute(17, value: [0x31, 0x00])

    /// A SET holding `count` copies of `element`.
    static func set(of element: [UInt8], count: Int) -> [UInt8] {
        var content: [UInt8] = []
        content.reserveCapacity(element.count * count)
        for _ in 0..<count { content += element }
        return tlv(0x31, content)
    }

    /// ContentInfo { signedData, [0] SignedData { 1, {}, { data, [0] OCTET STRING payload }, {} } }: a container
    /// with no certificates and no signers, which decode reads.
    static func unsignedContainer(payload: [UInt8]) -> [UInt8] {
        let signedDataOID: [UInt8] = [0x06, 0x09, 0x2A, 0x86, 0x48, 0x86, 0xF7, 0x0D, 0x01, 0x07, 0x02]
        let dataOID: [UInt8] = [0x06, 0x09, 0x2A, 0x86, 0x48, 0x86, 0xF7, 0x0D, 0x01, 0x07, 0x01]
        let contentInfo = tlv(0x30, dataOID + tlv(0xA0, tlv(0x04, payload)))
        let signedData = tlv(0x30, [0x02, 0x01, 0x01] + tlv(0x31, []) + contentInfo + tlv(0x31, []))
        return tlv(0x30, signedDataOID + tlv(0xA0, signedData))
    }
}
