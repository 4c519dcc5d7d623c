/// An App Store Server Notification V2 payload (receipt-format.md §7.6) with its fields typed and its one
/// section (``NotificationSection``); the signed JSON stays in ``raw``.
///
/// Every field is nil when the payload leaves it out or sends it with another JSON type than Apple's (noted in
/// ``mismatches``); a type or subtype Apple adds later is kept as signed.
public struct StoreKitNotification: StoreKitModel, Sendable {
    /// The payload exactly as signed (a responseBodyV2DecodedPayload).
    public let raw: JSONValue
    /// `notificationType`: the event the App Store reports.
    public let notificationType: NotificationType?
    /// `subtype`: what refines that event; nil for the types Apple sends without one.
    public let subtype: NotificationSubtype?
    /// `notificationUUID`: the notification's own id; a retried notification keeps it, so it tells duplicates.
    public let notificationUUID: String?
    /// `version`: the notification format's version, `2.0`.
    public let version: String?
    /// `signedDate`: when the App Store signed it. Early V2 notifications carry none (their nested items do).
    public let signedDate: Timestamp?
    /// The first of `data`, `summary`, `appData`, `externalPurchaseToken` present; Apple sends exactly one.
    public let section: NotificationSection?
    /// Type mismatches, and any section beside the first (a second section is not Apple's shape).
    public let mismatches: [StoreKitFieldMismatch]

    /// Apple's names of the fields above and of the four sections: what ``unknownFields`` leaves out.
    public static let documentedKeys: Set<String> =
        Set(["notificationType", "subtype", "notificationUUID", "version", "signedDate"])
        .union(NotificationSection.Kind.allCases.map(\.rawValue))

    /// Reads the documented fields and the first section of a decoded notification payload; never fails (see the
    /// type's note on nil).
    /// - Parameter payload: the JWS payload (of the body's `signedPayload`) as parsed JSON.
    package init(_ payload: JSONValue) {
        raw = payload
        var fields = StoreKitFieldReader(payload)
        notificationType = fields.value("notificationType")
        subtype = fields.value("subtype")
        notificationUUID = fields.string("notificationUUID")
        version = fields.string("version")
        signedDate = fields.date("signedDate")
        var section: NotificationSection?
        for kind in NotificationSection.Kind.allCases {
            guard let value = payload[kind.rawValue] else { continue }
            guard section == nil else {
                let first = section?.kind.rawValue ?? ""
                fields.note(
                    StoreKitFieldMismatch(path: kind.rawValue, expected: "absent (the notification has \(first))", found: value))
                continue
            }
            section = fields.object(kind.rawValue) { NotificationSection(kind: kind, raw: value, fields: &$0) }
        }
        self.section = section
        mismatches = fields.mismatches
    }
}
