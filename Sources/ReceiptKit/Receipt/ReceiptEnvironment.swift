/// Where a receipt comes from, from its receipt type (attribute 0).
public enum ReceiptEnvironment: String, Sendable {
    case production = "Production"
    case sandbox = "Sandbox"
    case xcode = "Xcode"
    case unknown = "Unknown"

    public init(receiptType: String?) {
        switch receiptType {
        case "Production", "ProductionVPP": self = .production
        case "ProductionSandbox", "ProductionVPPSandbox", "Sandbox": self = .sandbox
        case "Xcode": self = .xcode
        default: self = .unknown
        }
    }
}
