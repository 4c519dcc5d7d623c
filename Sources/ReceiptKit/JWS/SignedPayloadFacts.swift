/// What a StoreKit 2 payload says about itself that verification needs: its kind, the date it was signed,
/// and the bundle id, environment and app Apple id it is for, each with the field it was read from.
public struct SignedPayloadFacts: Sendable {
    /// A value and the payload path it came from (`bundleId`, `data.bundleId`).
    public struct Field<Value: Sendable>: Sendable {
        public let value: Value
        public let path: String
    }

    public let kind: SignedDataKind
    /// `signedDate`, or for an AppTransaction `receiptCreationDate` (what Apple's library validates at).
    public let signedTime: Field<Timestamp>?
    public let bundleID: Field<String>?
    /// `Production`, `Sandbox`, `Xcode` or `LocalTesting`.
    public let environment: Field<String>?
    public let appAppleID: Field<Int64>?

    /// Where a notification keeps its app facts (exactly one of them is present, §7.6).
    static let notificationSections = ["data", "summary", "appData", "externalPurchaseToken"]

    public init(payload: JSONValue, expected: SignedDataKind? = nil) {
        kind = SignedDataKind(payload: payload, expected: expected)
        let timeKeys = kind == .appTransaction ? ["receiptCreationDate", "signedDate"] : ["signedDate"]
        signedTime =
            timeKeys.lazy.compactMap { key in StoreKitDate.timestamp(payload[key]).map { Field(value: $0, path: key) } }
            .first
        bundleID = Self.find(payload, "bundleId") { $0.scalarText }
        appAppleID = Self.find(payload, "appAppleId") { $0.int64Value }
        environment =
            Self.find(payload, "environment") { $0.scalarText }
            ?? (payload["receiptType"]?.scalarText).map { Field(value: $0, path: "receiptType") }
            ?? Self.externalPurchaseEnvironment(payload)
    }

    /// True when the payload says it was made by StoreKit Testing in Xcode.
    public var isXcode: Bool { environment?.value == "Xcode" }

    /// `key` at the top of the payload or in a notification's section.
    private static func find<Value>(_ payload: JSONValue, _ key: String, _ read: (JSONValue) -> Value?) -> Field<Value>? {
        if let value = payload[key].flatMap(read) { return Field(value: value, path: key) }
        for section in notificationSections {
            if let value = payload[section]?[key].flatMap(read) { return Field(value: value, path: "\(section).\(key)") }
        }
        return nil
    }

    /// External purchase token notifications carry no environment field; Apple's library reads the sandbox from
    /// the token id's `SANDBOX` prefix.
    private static func externalPurchaseEnvironment(_ payload: JSONValue) -> Field<String>? {
        guard let id = payload["externalPurchaseToken"]?["externalPurchaseId"]?.scalarText else { return nil }
        return Field(value: id.hasPrefix("SANDBOX") ? "Sandbox" : "Production", path: "externalPurchaseToken.externalPurchaseId")
    }
}
