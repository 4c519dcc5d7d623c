/// Renders receipts in the shape of Apple's verifyReceipt `receipt` object, so the two can be diffed.
extension Receipt {
    /// The `receipt` object: verifyReceipt's names and types, plus `age_rating`, `opaque_value`, `sha1_hash`,
    /// `product_type` and `unknown_attributes` for what Apple's JSON lacks.
    public var json: JSONValue {
        var object = attributes.jsonMembers(table: ReceiptField.appFields)
        if let appItemID = object["app_item_id"] { object["adam_id"] = appItemID }
        object["in_app"] = .array(inApp.map { .object($0.jsonMembers) })
        return .object(object)
    }
}

extension InAppPurchase {
    /// The verifyReceipt `in_app` entry. Apple leaves out two values that non-subscription purchases still
    /// carry in the receipt: `web_order_line_item_id` when it is 0 and `is_in_intro_offer_period` when there is
    /// no expiry (seen in every real response here), so they are left out too; `dump` still shows them.
    var jsonMembers: [String: JSONValue] {
        var object = attributes.jsonMembers(table: ReceiptField.inAppFields)
        if webOrderLineItemID == 0 { object.removeValue(forKey: "web_order_line_item_id") }
        if expiresDate == nil { object.removeValue(forKey: "is_in_intro_offer_period") }
        return object
    }
}

extension AttributeSet {
    func jsonMembers(table: [Int64: ReceiptField]) -> [String: JSONValue] {
        var object: [String: JSONValue] = [:]
        for (type, value) in fields {
            guard let field = table[type] else { continue }
            switch value {
            case .string(let text): object[field.name] = .string(text)
            case .integer(let number):
                object[field.name] = field.kind == .number ? .integer(number) : .string(String(number))
            case .flag(let flag): object[field.name] = .string(flag ? "true" : "false")
            case .bytes(let bytes): object[field.name] = .string(bytes.hexString())
            case .date(let raw, let timestamp):
                guard let timestamp else {
                    object[field.name] = .string(raw)
                    continue
                }
                object.merge(timestamp.appleTriplet(field.name)) { _, new in new }
            }
        }
        if !unknownAttributes.isEmpty {
            object["unknown_attributes"] = .array(unknownAttributes.map(\.json))
        }
        return object
    }
}

extension Timestamp {
    /// `name`, `name_ms` and `name_pst` exactly as verifyReceipt renders them.
    public func appleTriplet(_ name: String) -> [String: JSONValue] {
        [name: .string(appleGMT), name + "_ms": .string(String(milliseconds)), name + "_pst": .string(applePacific)]
    }
}

extension ReceiptAttribute {
    /// `{type, version, offset, value_hex, value}`; `value` only when the octets are a string or an integer.
    public var json: JSONValue {
        var object: [String: JSONValue] = [
            "type": .integer(type), "version": .integer(version), "offset": .integer(offset),
            "value_hex": .string(value.hexString()),
        ]
        switch decodedValue {
        case .string(let text): object["value"] = .string(text)
        case .integer(let number): object["value"] = .integer(number)
        case .set, .element, .raw: break
        }
        return .object(object)
    }
}
