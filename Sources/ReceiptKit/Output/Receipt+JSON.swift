/// Renders receipts in the shape of Apple's verifyReceipt `receipt` object, so the two can be diffed.
extension Receipt {
    /// The `receipt` object: verifyReceipt's names and types, plus `age_rating`, `opaque_value`, `sha1_hash`,
    /// `product_type` and `unknown_attributes` for what Apple's JSON lacks.
    package func write(to output: inout JSONOutput) {
        output.beginObject(keysInOrder: true)
        // `adam_id` sorts first of all the keys: written first, the object needs no reordering.
        if let appItemID = attributes.integer(ofType: 1) {
            output.key("adam_id")
            output.integer(appItemID)
        }
        attributes.writeMembers(to: &output, plan: .app) { type, output in
            guard type == ReceiptField.inAppPurchaseType else { return }
            output.key("in_app")
            output.beginArray()
            for purchase in inApp { purchase.write(to: &output) }
            output.endArray()
        }
        output.endObject()
    }

    /// The `receipt` object as a value, read back from its bytes: for comparing with Apple's JSON and for tests.
    package var json: JSONValue { JSONValue.rendered { write(to: &$0) } }
}

extension InAppPurchase {
    /// The verifyReceipt `in_app` entry. Apple leaves out two values that non-subscription purchases still
    /// carry in the receipt: `web_order_line_item_id` when it is 0 and `is_in_intro_offer_period` when there is
    /// no expiry (seen in every real response here), so they are left out too; `dump` still shows them.
    func write(to output: inout JSONOutput) {
        output.beginObject(keysInOrder: true)
        let skipsWebOrder = webOrderLineItemID == 0
        let skipsIntroOffer = expiresDate == nil
        attributes.writeMembers(to: &output, plan: .inApp) { _, _ in
        } skipping: { type in
            (type == 1711 && skipsWebOrder) || (type == 1719 && skipsIntroOffer)
        }
        output.endObject()
    }

    /// The entry as a value, read back from its bytes (for the subscription rules, which read Apple's names).
    var json: JSONValue { JSONValue.rendered { write(to: &$0) } }
}

extension AttributeSet {
    /// Writes the known fields and `unknown_attributes` in key order (by `plan`); `extra` is called at each of
    /// the plan's other extra keys (the receipt's `in_app`) to write that member.
    func writeMembers(
        to output: inout JSONOutput, plan: ReceiptRenderPlan, extra: (Int64, inout JSONOutput) -> Void,
        skipping: (Int64) -> Bool = { _ in false }
    ) {
        // Each field's record is found once, in one pass over the records that notes the first record with a
        // value of each of the plan's types (a slot per type from `plan.firstType`). Values are written from the
        // stored record and the receipt's bytes, without making a FieldValue or a String, and the plan, keys and
        // records are walked through buffer pointers (nothing retained per step).
        let bytes = storage.bytes
        withUnsafeTemporaryAllocation(of: Int.self, capacity: plan.typeSlots) { slots in
            slots.initialize(repeating: -1)
            records.withUnsafeBufferPointer { records in
                for index in records.indices where records[index].state.hasValue {
                    let slot = records[index].type &- plan.firstType
                    if slot >= 0, slot < slots.count, slots[Int(slot)] < 0 { slots[Int(slot)] = index }
                }
                plan.steps.withUnsafeBufferPointer { steps in
                    plan.keyBytes.withUnsafeBufferPointer { keys in
                        for step in steps {
                            if step.part == .extra {
                                step.type == ReceiptRenderPlan.unknownAttributesStep
                                    ? writeUnknownAttributes(to: &output) : extra(step.type, &output)
                                continue
                            }
                            let index = slots[Int(step.type &- plan.firstType)]
                            guard index >= 0, !skipping(step.type) else { continue }
                            let key = UnsafeBufferPointer(rebasing: keys[step.keyStart..<step.keyEnd])
                            Self.write(records[index], step, key: key, bytes, to: &output)
                        }
                    }
                }
            }
        }
    }

    /// One member of `step`'s part of the field `record` holds, if that part exists for it.
    @inline(__always)
    private static func write(
        _ record: AttributeRecord, _ step: ReceiptRenderPlan.Step, key: UnsafeBufferPointer<UInt8>, _ bytes: [UInt8],
        to output: inout JSONOutput
    ) {
        switch (record.state, step.part) {
        case (.unreadableDate, .value), (.string, .value):
            output.key(plain: key)
            output.string(utf8: bytes[record.innerStart..<record.innerEnd])
        case (.date, .value):
            output.key(plain: key)
            output.appleGMT(Timestamp(milliseconds: record.number))
        case (.date, .milliseconds):
            output.key(plain: key)
            output.integerString(record.number)
        case (.date, .pacific):
            output.key(plain: key)
            output.applePacific(Timestamp(milliseconds: record.number))
        case (.integer, .value):
            output.key(plain: key)
            step.isNumber ? output.integer(record.number) : output.integerString(record.number)
        case (.flag, .value):
            output.key(plain: key)
            output.literal(record.number == 1 ? "true" : "false")
        case (.bytes, .value):
            output.key(plain: key)
            output.hexString(bytes[record.valueStart..<record.valueEnd])
        case (.unknown, _), (.nested, _), (.absent, _), (_, .milliseconds), (_, .pacific), (_, .extra): return
        }
    }

    /// `unknown_attributes`, when there are any: every attribute no table names, as found.
    /// Written from the stored records (no ``ReceiptAttribute`` made per attribute), as ``ReceiptAttribute``'s
    /// `write(to:)` writes one.
    private func writeUnknownAttributes(to output: inout JSONOutput) {
        guard records.contains(where: { $0.state == .unknown }) else { return }
        output.key("unknown_attributes")
        output.beginArray()
        let bytes = storage.bytes
        for record in records where record.state == .unknown {
            ReceiptAttribute.write(
                offset: record.offset, type: record.type, version: record.version,
                value: ReceiptAttribute.decodedValue(of: record.value, in: storage),
                octets: bytes[record.valueStart..<record.valueEnd], to: &output)
        }
        output.endArray()
    }
}

/// The order in which a receipt object's members are written: every key a field can produce (a date gives
/// `name`, `name_ms` and `name_pst`) sorted as the output sorts keys, so writing in plan order needs no
/// reordering. Worked out once per table.
struct ReceiptRenderPlan: Sendable {
    enum Part: Sendable { case value, milliseconds, pacific, extra }

    /// Plain data (the key is a range of ``keyBytes``), so walking the plan retains nothing per step.
    struct Step: Sendable {
        let keyStart: Int
        let keyEnd: Int
        let type: Int64
        let part: Part
        let isNumber: Bool
    }

    let steps: [Step]
    /// Every step's key, one after another.
    let keyBytes: [UInt8]
    /// The lowest type of the table's fields, and how many types run from it to the highest: the writer keeps
    /// one slot per type in that range.
    let firstType: Int64
    let typeSlots: Int

    /// The extra step that writes `unknown_attributes` (no attribute has a negative type).
    static let unknownAttributesStep: Int64 = -1

    /// App-level fields, with `in_app` as the extra key of attribute type 17.
    static let app = ReceiptRenderPlan(
        table: ReceiptField.appFields,
        extras: [("in_app", ReceiptField.inAppPurchaseType), ("unknown_attributes", unknownAttributesStep)])
    static let inApp = ReceiptRenderPlan(
        table: ReceiptField.inAppFields, extras: [("unknown_attributes", unknownAttributesStep)])

    init(table: [Int64: ReceiptField], extras: [(String, Int64)]) {
        var keyed: [(key: String, type: Int64, part: Part, isNumber: Bool)] = []
        func add(_ key: String, _ type: Int64, _ part: Part, isNumber: Bool = false) {
            keyed.append((key, type, part, isNumber))
        }
        for field in table.values {
            add(field.name, field.type, .value, isNumber: field.kind == .number)
            if field.kind == .date {
                add(field.name + "_ms", field.type, .milliseconds)
                add(field.name + "_pst", field.type, .pacific)
            }
        }
        for (key, type) in extras { add(key, type, .extra) }
        var keyBytes: [UInt8] = []
        steps = keyed.sorted { $0.key < $1.key }.map { entry in
            let start = keyBytes.count
            keyBytes.append(contentsOf: entry.key.utf8)
            return Step(keyStart: start, keyEnd: keyBytes.count, type: entry.type, part: entry.part, isNumber: entry.isNumber)
        }
        self.keyBytes = keyBytes
        let types = table.keys
        firstType = types.min() ?? 0
        typeSlots = Int((types.max() ?? firstType) - firstType) + 1
    }
}

extension ReceiptAttribute {
    /// `{offset, type, value, value_hex, version}`; `value` only when the octets are a string or an integer.
    package func write(to output: inout JSONOutput) {
        Self.write(offset: offset, type: type, version: version, value: decodedValue, octets: value, to: &output)
    }

    static func write(
        offset: Int, type: Int64, version: Int64, value: AttributeValue, octets: ArraySlice<UInt8>,
        to output: inout JSONOutput
    ) {
        output.beginObject(keysInOrder: true)
        output.key("offset")
        output.integer(offset)
        output.key("type")
        output.integer(type)
        switch value {
        case .string(let text):
            output.key("value")
            output.string(text)
        case .integer(let number):
            output.key("value")
            output.integer(number)
        case .set, .element, .raw: break
        }
        output.key("value_hex")
        output.hexString(octets)
        output.key("version")
        output.integer(version)
        output.endObject()
    }
}
