/// The device hash check (receipt-format.md §5): SHA-1 over the device id bytes, the opaque value and the full
/// DER bytes of the bundle id attribute value must equal attribute 5.
enum DeviceHash {
    static func check(_ receipt: Receipt, deviceID: DeviceIdentifier?) -> VerificationCheck {
        guard let deviceID else {
            return VerificationCheck(.deviceHash, .skip, FieldCheck.notRequested(.deviceID))
        }
        guard let opaque = receipt.opaqueValue, let expected = receipt.sha1Hash, let bundle = receipt.bundleIDValueBytes else {
            return VerificationCheck(.deviceHash, .fail, "the receipt lacks the opaque value, hash or bundle id it needs")
        }
        let computed: [UInt8]
        do {
            computed = try DigestAlgorithm.sha1.hash(deviceID.bytes + opaque + Array(bundle))
        } catch {
            return VerificationCheck(.deviceHash, .error, "OpenSSL could not compute SHA-1 here: \(error)")
        }
        if computed == expected {
            return VerificationCheck(
                .deviceHash, .pass,
                "SHA-1 of \(deviceID.kind) \(deviceID), opaque value and bundle id equals the receipt's hash")
        }
        return VerificationCheck(
            .deviceHash, .fail,
            "SHA-1 with \(deviceID.kind) \(deviceID) is \(computed.hexString()), the receipt's hash is \(expected.hexString()): the receipt was not issued to this device"
        )
    }
}
