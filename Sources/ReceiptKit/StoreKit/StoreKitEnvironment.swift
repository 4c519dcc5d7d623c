/// Where StoreKit 2 data was made (`environment`, an AppTransaction's `receiptType`).
/// A struct rather than an enum: Apple adds values, and an unknown one is kept as signed.
public struct StoreKitEnvironment: StoreKitCode {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    public static let production = Self(rawValue: "Production")
    public static let sandbox = Self(rawValue: "Sandbox")
    public static let xcode = Self(rawValue: "Xcode")
    public static let localTesting = Self(rawValue: "LocalTesting")
}
