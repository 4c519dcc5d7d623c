/// Where an input says it was made, in the one vocabulary every reader uses: an app receipt's receipt type, an
/// iOS 6 receipt's `environment`, StoreKit 2's signed `environment` (an AppTransaction's `receiptType`).
///
/// A struct rather than an enum: Apple adds values, and one this version does not know is kept as signed (and as
/// an audit record from another version wrote it). Compared by bytes. StoreKit's models name it
/// ``StoreKitEnvironment``.
public struct InputEnvironment: StoreKitCode {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    public static let production = Self(rawValue: "Production")
    public static let sandbox = Self(rawValue: "Sandbox")
    public static let xcode = Self(rawValue: "Xcode")
    public static let localTesting = Self(rawValue: "LocalTesting")
    /// An app receipt whose receipt type is none of Apple's (``ReceiptEnvironment/unknown``).
    public static let unknown = Self(rawValue: "Unknown")

    public init(_ environment: ReceiptEnvironment) { self.init(rawValue: environment.rawValue) }

    /// Made by StoreKit Testing in Xcode: never a sale, never a fraud signal across users.
    public var isXcode: Bool { self == .xcode }
}
