/// What a StoreKit 2 payload says about itself that verification needs: its kind, the date it was signed,
/// and the bundle id, environment and app Apple id it is for, each with the field it was read from.
/// Built from the typed model (``StoreKitPayload``), so every reader sees the same facts.
package struct SignedPayloadFacts: Sendable {
    /// A value and the payload path it came from (`bundleId`, `data.bundleId`).
    package struct Field<Value: Sendable>: Sendable {
        package let value: Value
        package let path: String
    }

    package let kind: SignedDataKind
    /// `signedDate`, or for an AppTransaction `receiptCreationDate` (what Apple's library validates at).
    package let signedTime: Field<Timestamp>?
    package let bundleID: Field<String>?
    /// `Production`, `Sandbox`, `Xcode` or `LocalTesting`.
    package let environment: Field<InputEnvironment>?
    package let appAppleID: Field<Int64>?

    package init(payload: JSONValue, expected: SignedDataKind? = nil) {
        self.init(StoreKitPayload(payload, expected: expected))
    }

    package init(_ payload: StoreKitPayload) {
        switch payload {
        case .transaction(let model):
            self.init(.transaction, model.signedDate, bundle: model.bundleID, model.environment)
        case .renewalInfo(let model):
            self.init(.renewalInfo, model.signedDate, bundle: nil, model.environment)
        case .appTransaction(let model):
            let created = model.receiptCreationDate.map { Field(value: $0, path: "receiptCreationDate") }
            self.init(
                kind: .appTransaction, signedTime: created ?? model.signedDate.map { Field(value: $0, path: "signedDate") },
                bundleID: model.bundleID.map { Field(value: $0, path: "bundleId") },
                environment: model.receiptType.map { Field(value: $0, path: "receiptType") },
                appAppleID: model.appAppleID.map { Field(value: $0, path: "appAppleId") })
        case .notification(let model):
            let section = model.section
            let name = section?.kind.rawValue ?? ""
            var environment: Field<InputEnvironment>?
            if let value = section?.environment, let key = section?.environmentKey {
                environment = Field(value: value, path: "\(name).\(key)")
            }
            self.init(
                kind: .notification, signedTime: model.signedDate.map { Field(value: $0, path: "signedDate") },
                bundleID: section?.bundleID.map { Field(value: $0, path: "\(name).bundleId") }, environment: environment,
                appAppleID: section?.appAppleID.map { Field(value: $0, path: "\(name).appAppleId") })
        case .unknown(let model):
            self.init(.unknown, model.signedDate, bundle: model.bundleID, model.environment, app: model.appAppleID)
        }
    }

    /// The facts of a payload whose fields sit at its top level under Apple's names.
    private init(
        _ kind: SignedDataKind, _ signed: Timestamp?, bundle: String?, _ environment: StoreKitEnvironment?, app: Int64? = nil
    ) {
        self.init(
            kind: kind, signedTime: signed.map { Field(value: $0, path: "signedDate") },
            bundleID: bundle.map { Field(value: $0, path: "bundleId") },
            environment: environment.map { Field(value: $0, path: "environment") },
            appAppleID: app.map { Field(value: $0, path: "appAppleId") })
    }

    private init(
        kind: SignedDataKind, signedTime: Field<Timestamp>?, bundleID: Field<String>?, environment: Field<InputEnvironment>?,
        appAppleID: Field<Int64>?
    ) {
        self.kind = kind
        self.signedTime = signedTime
        self.bundleID = bundleID
        self.environment = environment
        self.appAppleID = appAppleID
    }

    /// True when the payload says it was made by StoreKit Testing in Xcode.
    package var isXcode: Bool { environment?.value.isXcode ?? false }
}
