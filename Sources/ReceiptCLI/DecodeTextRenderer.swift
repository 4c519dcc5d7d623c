import ReceiptKit

/// The compact human summary of a decode document (`--format text`), read off the JSON so both always agree.
enum DecodeTextRenderer {
    static func render(_ document: JSONValue) -> String {
        var lines: [String] = []
        let input = document["input"]
        let receipt = document["receipt"]
        func row(_ label: String, _ value: String?) {
            guard let value, !value.isEmpty else { return }
            lines.append("\(label.padding(22)) \(value)")
        }
        row("source", input?["source"]?.scalarText)
        row("kind", input?["kind"]?.scalarText)
        row("layers", input?["layers"]?.arrayValue?.compactMap(\.scalarText).joined(separator: " > "))
        row("note", input?["note"]?.scalarText)
        row("environment", document["environment"]?.scalarText)
        if let receipt {
            row("receipt_type", receipt["receipt_type"]?.scalarText)
            row("bundle_id", receipt["bundle_id"]?.scalarText ?? receipt["bid"]?.scalarText)
            row("application_version", receipt["application_version"]?.scalarText ?? receipt["bvrs"]?.scalarText)
            row("original_app_version", receipt["original_application_version"]?.scalarText)
            row("app_item_id", receipt["app_item_id"]?.scalarText)
            row("receipt_creation_date", receipt["receipt_creation_date"]?.scalarText)
            row("original_purchase_date", receipt["original_purchase_date"]?.scalarText)
            row("expiration_date", receipt["expiration_date"]?.scalarText)
            row("preorder_date", receipt["preorder_date"]?.scalarText)
            row("age_rating", receipt["age_rating"]?.scalarText)
            row("product_id", receipt["product_id"]?.scalarText)
            row("transaction_id", receipt["transaction_id"]?.scalarText)
            row("purchase_date", receipt["purchase_date"]?.scalarText)
            row("expires_date", receipt["expires_date_formatted"]?.scalarText)
            if let unknown = receipt["unknown_attributes"]?.arrayValue {
                row("unknown_attributes", unknown.compactMap { $0["type"]?.scalarText }.joined(separator: ", "))
            }
        }
        if let container = document["container"] {
            let signers = container["signers"]?.arrayValue ?? []
            let digests = container["digest_algorithms"]?.arrayValue?.compactMap(\.scalarText).joined(separator: ",") ?? ""
            row(
                "container",
                "signedData, \(container["encoding"]?.scalarText ?? ""), digest \(digests), "
                    + "\(signers.count) signer(s), \(container["certificates"]?.arrayValue?.count ?? 0) certificate(s)")
            lines.append("certificates")
            for certificate in container["certificates"]?.arrayValue ?? [] {
                lines.append(certificateLine(certificate))
            }
        }
        if let jws = document["jws"] {
            row("alg", jws["header"]?["alg"]?.scalarText)
            let payload = jws["payload"]
            for key in [
                "notificationType", "subtype", "environment", "bundleId", "productId", "transactionId",
                "originalTransactionId", "type", "expiresDate", "signedDate", "autoRenewStatus", "autoRenewProductId",
            ] {
                row(key, payload?[key]?.scalarText ?? payload?["data"]?[key]?.scalarText)
            }
            let certificates = jws["certificates"]?.arrayValue ?? []
            if !certificates.isEmpty { lines.append("certificates (x5c)") }
            for certificate in certificates { lines.append(certificateLine(certificate)) }
        }
        if let certificate = document["transaction_receipt"]?["certificate"] {
            lines.append("certificates")
            lines.append(certificateLine(certificate))
        }
        if let purchases = receipt?["in_app"]?.arrayValue {
            lines.append("in_app (\(purchases.count))")
            if !purchases.isEmpty {
                lines.append(
                    "  "
                        + [
                            "product_id".padding(40), "transaction_id".padding(18), "original_tx_id".padding(18),
                            "purchase_date (UTC)".padding(20), "expires_date (UTC)".padding(20), "flags",
                        ].joined(separator: " "))
            }
            for purchase in purchases {
                var flags: [String] = []
                if purchase["is_trial_period"]?.scalarText == "true" { flags.append("trial") }
                if purchase["is_in_intro_offer_period"]?.scalarText == "true" { flags.append("intro") }
                if purchase["cancellation_date"] != nil { flags.append("cancelled") }
                if let type = purchase["product_type"]?.scalarText { flags.append("type=\(type)") }
                lines.append(
                    "  "
                        + [
                            (purchase["product_id"]?.scalarText ?? "-").padding(40),
                            (purchase["transaction_id"]?.scalarText ?? "-").padding(18),
                            (purchase["original_transaction_id"]?.scalarText ?? "-").padding(18),
                            shortDate(purchase["purchase_date"]?.scalarText).padding(20),
                            shortDate(purchase["expires_date"]?.scalarText).padding(20),
                            flags.joined(separator: ","),
                        ].joined(separator: " "))
            }
        }
        for warning in document["warnings"]?.arrayValue ?? [] {
            lines.append("warning: \(warning.scalarText ?? "")")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    static func certificateLine(_ certificate: JSONValue) -> String {
        let role = (certificate["role"]?.scalarText ?? "certificate").padding(13)
        let name = certificate["common_name"]?.scalarText ?? certificate["subject"]?.scalarText ?? "?"
        let validity = "\(certificate["not_before"]?.scalarText ?? "?") .. \(certificate["not_after"]?.scalarText ?? "?")"
        let markers = certificate["apple_markers"]?.arrayValue?.compactMap { $0["oid"]?.scalarText } ?? []
        let fingerprint = certificate["sha256_fingerprint"]?.scalarText ?? ""
        return
            "  \(certificate["index"]?.scalarText ?? "-") \(role) \(name)\n      valid \(validity), serial \(certificate["serial"]?.scalarText ?? "?"), "
            + "\(certificate["signature_algorithm"]?.scalarText ?? "?"), sha256 \(fingerprint)"
            + (markers.isEmpty ? "" : "\n      markers \(markers.joined(separator: ", "))")
    }

    /// "2020-07-14 19:36:40 Etc/GMT" without the zone, which the column header states.
    static func shortDate(_ text: String?) -> String {
        guard let text else { return "-" }
        return text.hasSuffix(" Etc/GMT") ? String(text.dropLast(8)) : text
    }
}
