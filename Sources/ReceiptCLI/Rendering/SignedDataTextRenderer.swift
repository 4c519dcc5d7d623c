import ReceiptKit

/// StoreKit 2 signed items as text: each item's kind, verdict and key payload fields with readable dates, its
/// checklist when verified, and its nested items indented under it.
enum SignedDataTextRenderer {
    /// Payload keys worth a line, in Apple's names; millisecond dates are shown as RFC 3339.
    static let keys = [
        "notificationType", "subtype", "environment", "bundleId", "productId", "transactionId", "originalTransactionId",
        "type", "purchaseDate", "expiresDate", "revocationDate", "signedDate", "autoRenewStatus", "autoRenewProductId",
        "status",
    ]

    static func render(_ item: SignedDataReport, depth: Int) -> [String] {
        let indent = String(repeating: "    ", count: depth)
        var lines: [String] = []
        let place = item.path.isEmpty ? "" : " at \(item.path)"
        let verdict = item.verdict.map { ", verdict \($0.rawValue)" } ?? ""
        lines.append("\(indent)\(item.kind.rawValue)\(place)\(verdict)")
        switch item.content {
        case .undecodable(let error):
            lines.append("\(indent)  error: \(error.message(.commandLine))")
        case .decoded(let jws):
            lines += payloadLines(jws, indent: indent)
        case .notExamined(let why):
            lines.append("\(indent)  not examined: \(why)")
        }
        if let status = item.appleStatus {
            lines.append("\(indent)  Apple status \(status) (\(AppleSubscriptionStatus.meaning(ofStatus: status)))")
        }
        if let report = item.report {
            let time = report.verificationTime.map(\.rfc3339) ?? "none"
            lines.append("\(indent)  verification time  \(time) (\(report.verificationTimeSource.rendered(.commandLine)))")
            lines.append("\(indent)  trust anchor       \(report.trustAnchor.map { "\($0.name) (\($0.source))" } ?? "none")")
            lines += report.checks.map { "\(indent)  " + VerifyTextRenderer.checkLine($0) }
        }
        for nested in item.nested { lines += render(nested, depth: depth + 1) }
        return lines
    }

    static func payloadLines(_ jws: CompactJWS, indent: String) -> [String] {
        payloadRows(jws).map { "\(indent)  \($0.key.padding(22)) \($0.value)" }
    }

    /// The ``keys`` the payload (or its notification `data`) has, each with its value as shown: a millisecond date
    /// as RFC 3339 with the number after it. `decode` and `verify` show the same rows.
    static func payloadRows(_ jws: CompactJWS) -> [(key: String, value: String)] {
        let dates = StoreKitDate.renderedDates(in: jws.payload)
        var rows: [(key: String, value: String)] = []
        for key in keys {
            let (value, path) =
                jws.payload[key].map { ($0, key) } ?? (jws.payload["data"]?[key]).map { ($0, "data." + key) } ?? (nil, key)
            guard let value, let text = value.scalarText else { continue }
            rows.append((key, dates[path].map { "\($0) (\(text))" } ?? text))
        }
        return rows
    }
}
