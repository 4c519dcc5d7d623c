/// Where an input says it was made, in the one vocabulary every reader uses: an app receipt's receipt type, an
/// iOS 6 receipt's `environment`, StoreKit 2's signed `environment` (an AppTransaction's `receiptType`).
///
/// A struct rather than an enum: Apple adds values, and one this version does not know is kept as signed (and as
/// an audit record from another version wrote it). Compared by bytes. StoreKit's models name it
/// ``StoreKitEnvironment``.
public struct InputEnvironment: StoreKitCode {
    /// The value exactly as signed (or as an audit record wrote it).
    public let rawValue: String
    /// An environment from its signed text; any text is kept, known or not.
    /// - Parameter rawValue: the text as signed.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// The App Store: real sales.
    public static let production = Self(rawValue: "Production")
    /// Apple's sandbox: test purchases with test accounts.
    public static let sandbox = Self(rawValue: "Sandbox")
    /// StoreKit Testing in Xcode, signed by a certificate Xcode makes.
    public static let xcode = Self(rawValue: "Xcode")
    /// StoreKit 2's local testing environment (an AppTransaction's `receiptType` may say so).
    public static let localTesting = Self(rawValue: "LocalTesting")
    /// An app receipt whose receipt type is none of Apple's (``ReceiptEnvironment/unknown``).
    public static let unknown = Self(rawValue: "Unknown")

    /// An app receipt's environment (its receipt type) in this vocabulary.
    /// - Parameter environment: the receipt type the signed payload names.
    public init(_ environment: ReceiptEnvironment) { self.init(rawValue: environment.rawValue) }

    /// Made by StoreKit Testing in Xcode: never a sale, never a fraud signal across users.
    public var isXcode: Bool { self == .xcode }
}
