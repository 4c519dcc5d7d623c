/// Where a receipt comes from, from its receipt type (attribute 0).
public enum ReceiptEnvironment: String, Sendable {
    /// Bought in the App Store (`Production`).
    case production = "Production"
    /// Made in the sandbox (`ProductionSandbox` and other sandbox types).
    case sandbox = "Sandbox"
    /// Made by StoreKit Testing in Xcode, trusted only with ``VerificationPolicy/allowXcode``.
    case xcode = "Xcode"
    /// A receipt type this library does not know, or none.
    case unknown = "Unknown"

    /// The environment a receipt type names; anything else is ``unknown``.
    /// - Parameter receiptType: Attribute 0 of the receipt, when present.
    public init(receiptType: String?) {
        switch receiptType {
        case "Production", "ProductionVPP": self = .production
        case "ProductionSandbox", "ProductionVPPSandbox", "Sandbox": self = .sandbox
        case "Xcode": self = .xcode
        default: self = .unknown
        }
    }
}
