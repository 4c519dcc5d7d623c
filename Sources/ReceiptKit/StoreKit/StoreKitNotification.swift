/// An App Store Server Notification V2 payload (receipt-format.md §7.6) with its fields typed and its one
/// section (``NotificationSection``); the signed JSON stays in ``raw``.
public struct StoreKitNotification: StoreKitModel, Sendable {
    public let raw: JSONValue
    public let notificationType: NotificationType?
    public let subtype: NotificationSubtype?
    public let notificationUUID: String?
    public let version: String?
    /// Early V2 notifications carry none (their nested items do).
    public let signedDate: Timestamp?
    /// The first of `data`, `summary`, `appData`, `externalPurchaseToken` present; Apple sends exactly one.
    public let section: NotificationSection?
    /// Type mismatches, and any section beside the first (a second section is not Apple's shape).
    public let mismatches: [StoreKitFieldMismatch]

    public static let documentedKeys: Set<String> =
        Set(["notificationType", "subtype", "notificationUUID", "version", "signedDate"])
        .union(NotificationSection.Kind.allCases.map(\.rawValue))

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
