import ReceiptKit

/// The compact human summary of a decode document (`--format text`), read off the typed document.
enum DecodeTextRenderer {
    static func render(_ document: DecodeDocument) -> String {
        var lines: [String] = []
        func row(_ label: String, _ value: String?) {
            guard let value, !value.isEmpty else { return }
            lines.append("\(label.padding(22)) \(value)")
        }
        row("source", document.input.source)
        row("kind", document.input.kind.name)
        row("layers", document.input.layers.joined(separator: " > "))
        row("note", document.input.note)
        row("environment", document.environment)
        for (label, value) in ReceiptSummary(document.content).rows { row(label, value) }
        switch document.content {
        case .appReceipt(let receipt):
            let container = ContainerSummary(receipt)
            let digests = container.container.digestAlgorithms.map(\.displayName).joined(separator: ",")
            row(
                "container",
                "signedData, \(container.encoding), digest \(digests), "
                    + "\(container.container.signerInfos.count) signer(s), \(receipt.certificates.count) certificate(s)")
            lines.append("certificates")
            lines += document.certificates.flatMap(certificateLines)
        case .jws(let jws):
            row("alg", jws.header["alg"]?.scalarText)
            for (key, value) in SignedDataTextRenderer.payloadRows(jws) { row(key, value) }
            if !jws.certificates.isEmpty { lines.append("certificates (x5c)") }
            lines += document.certificates.flatMap(certificateLines)
        case .transactionReceipt:
            lines.append("certificates")
            lines += document.certificates.flatMap(certificateLines)
        case .signedDataBody(let body):
            for item in SignedDataDecoder.decode(body).items {
                lines += SignedDataTextRenderer.render(item, depth: 0)
            }
        }
        if case .jws(let jws) = document.content {
            for item in SignedDataDecoder.decode(jws).nested { lines += SignedDataTextRenderer.render(item, depth: 0) }
        }
        if case .appReceipt(let receipt) = document.content {
            lines += inAppTable(receipt.receipt.inApp)
        }
        lines += document.warnings.map { "warning: \($0)" }
        return lines.renderedLines
    }

    /// Product ids up to this long widen the first column; longer ones are shortened in the middle (decode's
    /// JSON has them whole), so one forged or generated id cannot push every row out of line.
    static let longestProductColumn = 64

    static func inAppTable(_ purchases: [InAppPurchase]) -> [String] {
        var lines = ["in_app (\(purchases.count))"]
        guard !purchases.isEmpty else { return lines }
        // Measured as shown: escaped, so a control character in an id cannot shift the columns after it.
        let products = purchases.map { ($0.productID ?? "-").escapingControlCharacters }
        let longest = products.map(\.count).max() ?? 0
        let productWidth = min(max(40, longest), longestProductColumn)
        lines.append(
            "  "
                + [
                    "product_id".padding(productWidth), "transaction_id".padding(18), "original_tx_id".padding(18),
                    "purchase_date (UTC)".padding(20), "expires_date (UTC)".padding(20), "flags",
                ].joined(separator: " "))
        for (purchase, product) in zip(purchases, products) {
            var flags: [String] = []
            if purchase.isTrialPeriod == true { flags.append("trial") }
            if purchase.isInIntroOfferPeriod == true, purchase.expiresDate != nil { flags.append("intro") }
            if purchase[.cancellationDate] != nil { flags.append("cancelled") }
            if let type = purchase[.productType] { flags.append("type=\(type.text)") }
            lines.append(
                "  "
                    + [
                        product.shortened(to: productWidth).padding(productWidth),
                        (purchase.transactionID ?? "-").escapingControlCharacters.padding(18),
                        (purchase.originalTransactionID ?? "-").escapingControlCharacters.padding(18),
                        shortDate(purchase[.purchaseDate]).padding(20), shortDate(purchase[.expiresDate]).padding(20),
                        flags.joined(separator: ","),
                    ].joined(separator: " "))
        }
        return lines
    }

    static func certificateLines(_ entry: CertificateEntry) -> [String] {
        let certificate = entry.certificate
        let markers = certificate.appleMarkerOIDs
        return [
            "  \(entry.index) \(entry.role.padding(13)) \(certificate.subjectCommonName ?? certificate.subject)",
            "      valid \(certificate.notBefore.rendered) .. \(certificate.notAfter.rendered), serial \(certificate.serialNumberHex), "
                + "\(certificate.signatureAlgorithm), sha256 \(certificate.sha256Fingerprint)",
        ] + (markers.isEmpty ? [] : ["      markers \(markers.joined(separator: ", "))"])
    }

    /// A date as the table shows it: Apple's GMT form without the zone, which the column header states.
    static func shortDate(_ value: FieldValue?) -> String {
        guard let text = value?.text else { return "-" }
        return shortDate(text)
    }

    /// Apple's GMT date text without the zone, which the caller's header states.
    static func shortDate(_ text: String) -> String {
        text.hasSuffix(" Etc/GMT") ? String(text.dropLast(8)) : text
    }
}
