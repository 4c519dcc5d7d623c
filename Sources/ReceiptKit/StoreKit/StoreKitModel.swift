/// A typed StoreKit 2 payload that keeps the JSON it was read from, so output shows it exactly as signed and
/// fields Apple adds later stay visible.
public protocol StoreKitModel: Sendable {
    /// The payload exactly as signed.
    var raw: JSONValue { get }
    /// Apple's names of the fields the model reads.
    static var documentedKeys: Set<String> { get }
}

extension StoreKitModel {
    /// Members of the signed payload this model has no field for, as signed.
    public var unknownFields: [String: JSONValue] {
        (raw.objectValue ?? [:]).filter { !Self.documentedKeys.contains($0.key) }
    }
}
