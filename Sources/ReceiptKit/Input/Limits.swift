/// Every size and count limit the tool enforces on what it reads, in one place.
///
/// A fraud tool is attacked by the data it reads, so every structure that grows with the input has a cap: past
/// it the input is refused with an error naming the limit and the byte offset (or entry index) where it was hit,
/// instead of spending time and memory out of proportion to what a real receipt needs. Each value is far above
/// what genuine data uses; ARCHITECTURE.md "Limits" and the LIMITS paragraph of appreceipt(1) list them.
package enum Limits {
    /// Largest input accepted, in bytes (64 MiB). The largest real receipt seen is 79 KB of DER with 187
    /// purchases; a receipt with thousands of purchases is a few MB.
    package static let maximumInputSize = 64 << 20

    /// Deepest nesting of ASN.1 elements. Receipts and certificates stay below 15.
    package static let maximumASN1Depth = 64

    /// Most elements directly inside one constructed ASN.1 element. Certificates hold tens; a receipt payload
    /// holds one attribute per field and per in-app purchase.
    package static let maximumElementsPerElement = 100_000

    /// Most attributes in one SET OF ReceiptAttribute (the payload, or one in-app purchase). The payload holds
    /// about 20 fields besides its in-app purchases, a purchase about 20.
    package static let maximumAttributesPerSet = 25_000

    /// Most attributes in one receipt, the payload and all in-app purchases together (20 for each of
    /// ``maximumInAppPurchases``).
    package static let maximumAttributesPerReceipt = 400_000

    /// Most in-app purchases (type 17 attributes) in one receipt: about 8 MB of DER.
    package static let maximumInAppPurchases = 20_000

    /// Most elements `dump` shows (one line each in text form); a 187-purchase receipt takes about 19,000, so
    /// this covers about 1,000 purchases. Each element costs about 2 KB of memory in the JSON form.
    package static let maximumDumpElements = 100_000

    /// Deepest nesting of JSON arrays and objects.
    package static let maximumJSONDepth = 256

    /// Most values (scalars, arrays and objects) in one JSON document. Real verifyReceipt responses hold tens
    /// of thousands; a parsed value costs up to about 100 bytes, so this keeps a hostile document near 100 MB.
    package static let maximumJSONValues = 1_000_000

    /// Most entries in one list of a verifyReceipt response (`in_app`, `latest_receipt_info`,
    /// `pending_renewal_info`): as many as a receipt may hold in-app purchases.
    package static let maximumResponseEntries = maximumInAppPurchases

    /// Most key/value pairs in one dictionary of an iOS 6 transaction receipt (real ones have about 20).
    package static let maximumPlistPairs = 1_000

    /// How much of a text input's start is searched for a `-----BEGIN` PEM line.
    package static let pemSniffLength = 64 << 10

    /// Longest JWS header segment examined when sniffing for StoreKit 2 JWS (real headers, with their x5c
    /// certificate chain, are about 6 KB).
    package static let jwsHeaderSniffLength = 64 << 10
}
