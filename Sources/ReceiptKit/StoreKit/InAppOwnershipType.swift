/// `inAppOwnershipType`: bought by this account or shared through Family Sharing.
/// A struct rather than an enum: Apple adds values, and an unknown one is kept as signed.
public struct InAppOwnershipType: StoreKitCode {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    public static let purchased = Self(rawValue: "PURCHASED")
    public static let familyShared = Self(rawValue: "FAMILY_SHARED")
}
