/// `inAppOwnershipType`: bought by this account or shared through Family Sharing.
/// A struct rather than an enum: Apple adds values, and an unknown one is kept as signed.
public struct InAppOwnershipType: StoreKitCode {
    /// The value exactly as signed.
    public let rawValue: String
    /// A value from its signed text; any text is kept, known or not.
    /// - Parameter rawValue: the text as signed.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// The customer's own account bought it.
    public static let purchased = Self(rawValue: "PURCHASED")
    /// A family member bought it and shares it with this account through Family Sharing.
    public static let familyShared = Self(rawValue: "FAMILY_SHARED")
}
