import Testing

@testable import ReceiptAudit
@testable import ReceiptKit

/// Typed reads of one field skip the records when the set's bit mask of valued types says the field has no value.
/// These tests hold the accessors to the `fields` dictionary, which reads every record, on sets where a field is
/// absent, empty first and valued later, repeated, or not in the table at all.
@Suite struct AttributeLookupTests {
    /// ReceiptAttribute { type (two octets), version 1, OCTET STRING value }.
    static func attribute(_ type: Int, _ value: [UInt8]) -> [UInt8] {
        let typeOctets: [UInt8] = [0x02, 0x02, UInt8(type >> 8), UInt8(type & 0xFF)]
        return HostileInputs.tlv(0x30, typeOctets + [0x02, 0x01, 0x01] + HostileInputs.tlv(0x04, value))
    }

    static func utf8(_ text: String) -> [UInt8] { HostileInputs.tlv(0x0C, Array(text.utf8)) }

    /// A payload with one purchase made of `purchase`'s attributes, decoded.
    static func receipt(purchase: [[UInt8]]) throws -> Receipt {
        let set = HostileInputs.tlv(0x31, purchase.flatMap { $0 })
        let payload = HostileInputs.tlv(0x31, HostileInputs.attribute(17, value: set))
        return try Receipt(payload: ASN1Reader.readRoot(payload))
    }

    @Test func bothTablesFitTheBitMask() {
        #expect(FieldTable.app.shapesByType.count <= 64)
        #expect(FieldTable.inApp.shapesByType.count <= 64)
        #expect(FieldTable.inApp.shapesByType.count > 10)
    }

    @Test func anEmptyDateFollowedByARealOneReadsTheRealOne() throws {
        let receipt = try Self.receipt(purchase: [
            Self.attribute(1708, Self.utf8("")),
            Self.attribute(1708, Self.utf8("2024-03-01T10:00:00Z")),
            Self.attribute(1704, Self.utf8("2024-02-01T10:00:00Z")),
            Self.attribute(1703, Self.utf8("1000000123456789")),
            Self.attribute(1703, Self.utf8("ignored repeat")),
            Self.attribute(1702, [0x05, 0x00]),
            Self.attribute(9999, Self.utf8("unknown")),
        ])
        let purchase = try #require(receipt.inApp.first)
        #expect(purchase.expiresDate == Timestamp(milliseconds: 1_709_287_200_000))
        #expect(purchase.purchaseDate == Timestamp(milliseconds: 1_706_781_600_000))
        #expect(purchase.transactionID == "1000000123456789")
        // A product id that is not a string is kept raw: no value.
        #expect(purchase.productID == nil)
        #expect(purchase.cancellationDate == nil)
        #expect(purchase.quantity == nil)
        let fields = purchase.attributes.fields
        #expect(fields.count == 3)
        for type in Int64(1690)...Int64(1800) {
            #expect(purchase.attributes.value(ofType: type) == fields[type], "type \(type)")
        }
        #expect(purchase.attributes.value(ofType: .min) == nil)
        #expect(purchase.attributes.value(ofType: .max) == nil)
        #expect(purchase.attributes.unknownAttributes.map(\.type) == [1703, 1702, 9999])
    }

    /// The facts' one-pass read of a purchase, against the accessors it replaces.
    static func expectSameTransaction(_ purchase: InAppPurchase) {
        var accessors = TransactionFacts(
            transactionID: purchase.transactionID, originalTransactionID: purchase.originalTransactionID,
            productID: purchase.productID, purchaseDate: purchase.purchaseDate, expiresDate: purchase.expiresDate,
            revocationDate: purchase.cancellationDate)
        accessors.isTrialPeriod = purchase.isTrialPeriod
        accessors.isInIntroOfferPeriod = purchase.isInIntroOfferPeriod
        accessors.quantity = purchase.quantity
        accessors.webOrderLineItemID = purchase.webOrderLineItemID.map { String($0) }
        #expect(TransactionFacts(purchase: purchase) == accessors, "purchase at offset \(purchase.offset)")
    }

    @Test func theAuditReadsAPurchaseAsTheAccessorsDo() throws {
        let integer = { (value: UInt8) in HostileInputs.tlv(0x02, [value]) }
        let receipt = try Self.receipt(purchase: [
            Self.attribute(1712, Self.utf8("not a date")),
            Self.attribute(1713, integer(1)),
            Self.attribute(1719, integer(0)),
            Self.attribute(1705, Self.utf8("1000000000000001")),
            Self.attribute(1708, Self.utf8("")),
            Self.attribute(1708, Self.utf8("2024-03-01T10:00:00Z")),
            Self.attribute(1703, Self.utf8("first")),
            Self.attribute(1703, Self.utf8("repeat")),
            Self.attribute(1702, [0x05, 0x00]),
            Self.attribute(1702, Self.utf8("com.example.product")),
        ])
        let purchase = try #require(receipt.inApp.first)
        #expect(purchase.attributes.warnings.contains { $0.contains("holds \"not a date\", which is not an RFC 3339 date") })
        #expect(TransactionFacts(purchase: purchase).isTrialPeriod == true)
        #expect(TransactionFacts(purchase: purchase).productID == "com.example.product")
        Self.expectSameTransaction(purchase)
        let dates = purchase.attributes.timestamps(ofTypes: 1712, 1708, 1704)
        #expect(dates.0 == purchase.cancellationDate && dates.1 == purchase.expiresDate && dates.2 == purchase.purchaseDate)
        #expect(dates.1 != nil)
        var checked = 0
        for expected in try VectorExpectation.of(kind: "receipt") {
            for purchase in try appReceipt(expected.file).receipt.inApp {
                Self.expectSameTransaction(purchase)
                let dates = purchase.attributes.timestamps(ofTypes: 1704, 1708, 1712)
                #expect(dates.0 == purchase.purchaseDate)
                #expect(dates.1 == purchase.expiresDate)
                #expect(dates.2 == purchase.cancellationDate)
                checked += 1
            }
        }
        #expect(checked > 5)
    }

    @Test func dateSanityReadsEachPurchasesDates() throws {
        let purchase = HostileInputs.tlv(
            0x31,
            [
                Self.attribute(1703, Self.utf8("77")), Self.attribute(1708, Self.utf8("2024-01-01T00:00:00Z")),
                Self.attribute(1704, Self.utf8("2024-02-01T00:00:00Z")),
                Self.attribute(1712, Self.utf8("2024-01-15T00:00:00Z")),
            ].flatMap { $0 })
        let noPurchaseDate = HostileInputs.tlv(0x31, Self.attribute(1708, Self.utf8("2020-01-01T00:00:00Z")))
        let payload = HostileInputs.tlv(
            0x31,
            HostileInputs.attribute(12, value: Self.utf8("2024-01-10T00:00:00Z"))
                + HostileInputs.attribute(17, value: noPurchaseDate) + HostileInputs.attribute(17, value: purchase))
        let receipt = try Receipt(payload: ASN1Reader.readRoot(payload))
        let warnings = DateSanity.warnings(for: receipt)
        #expect(warnings.map(\.kind) == [.purchaseAfterCreation, .expiresBeforePurchase, .cancellationBeforePurchase])
        #expect(warnings.allSatisfy { $0.detail.hasPrefix("in_app[1] (transaction 77): ") })
    }

    @Test func theAppTableLooksUpItsOwnTypes() throws {
        let bundle = HostileInputs.attribute(2, value: Self.utf8("com.example.app"))
        let set = HostileInputs.tlv(0x31, bundle + HostileInputs.attribute(3, value: Self.utf8("")))
        let receipt = try Receipt(payload: ASN1Reader.readRoot(set))
        #expect(receipt.bundleID == "com.example.app")
        #expect(receipt.applicationVersion == "")
        #expect(receipt.creationDate == nil)
        #expect(receipt.attributes.value(ofType: 1704) == nil)
        #expect(receipt.attributes.fields.count == 2)
    }
}
