/// The device id a receipt's hash (attribute 5) was computed with: the 16 bytes of an iOS identifierForVendor
/// UUID or the 6 bytes of a macOS MAC address (receipt-format.md §5).
public struct DeviceIdentifier: Sendable, Equatable, CustomStringConvertible {
    /// The identifier's bytes, as the device hash covers them (16 for a UUID, 6 for a MAC address).
    public let bytes: [UInt8]
    /// The identifier as it was given, for reports.
    public let description: String

    /// Parses `956328D9-CC6A-47F4-BE40-6953FB0AB6C7` (hyphens optional) or `6c:40:08:b5:94:5e` (or with '-').
    /// - Parameter text: The identifier as a user types it.
    /// Nil when the text is neither form.
    public init?(_ text: String) {
        let hex = text.filter { $0 != "-" && $0 != ":" }.utf8
        guard hex.count == 32 || hex.count == 12, hex.count % 2 == 0 else { return nil }
        var bytes: [UInt8] = []
        var iterator = hex.makeIterator()
        while let high = iterator.next(), let low = iterator.next() {
            guard let h = hexDigit(high), let l = hexDigit(low) else { return nil }
            bytes.append(h << 4 | l)
        }
        self.bytes = bytes
        description = text
    }

    /// "UUID" or "MAC address".
    public var kind: String { bytes.count == 16 ? "UUID" : "MAC address" }
}
