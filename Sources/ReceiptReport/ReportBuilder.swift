package import ReceiptAudit
package import ReceiptKit

/// Reads report inputs one at a time and adds them up: the unique transactions of the counted inputs, and the
/// audit records per day. Memory grows with distinct transactions and days, never with repeats.
package struct ReportBuilder: Sendable {
    package let options: ReportOptions
    private var transactions: [ReportTransaction.Key: ReportTransaction] = [:]
    private var auditDays: [ReportDay: ReportAuditDay] = [:]
    private var undated = ReportAuditDay(day: nil)
    private var tallies = ReportTallies()

    package init(options: ReportOptions) { self.options = options }

    package mutating func add(_ input: ReportInput) {
        switch input {
        case .auditRecord(let record): add(record)
        case .response(let response, _): add(response)
        case .unusable(let source, let message):
            tallies.unusableInputs += 1
            if tallies.unusableSamples.count < ReportTallies.unusableSampleLimit {
                tallies.unusableSamples.append("\(source): \(message)")
            }
        }
    }

    /// An audit record always counts towards its day's verdicts and signals; its purchases count only when it is
    /// valid (or, with include-unverified, when it was read at all).
    package mutating func add(_ record: AuditRecord) {
        tallies.auditRecords += 1
        if let created = record.creationDate {
            let day = options.timeZone.day(of: created)
            auditDays[day, default: ReportAuditDay(day: day)].add(record)
        } else {
            undated.add(record)
        }
        let counted = record.verdict == .valid || (options.includeUnverified && record.verdict != .malformed)
        guard counted else {
            tallies.uncountedAuditRecords[record.verdict, default: 0] += 1
            return
        }
        tallies.countedAuditRecords += 1
        let environment = Self.bounded(record.environment ?? "")
        for item in record.transactions { add(ReportTransaction(item, environment: environment)) }
    }

    /// A verifyReceipt response is Apple's answer: its transactions (`receipt.in_app`, `latest_receipt_info`)
    /// count when the status is 0 or 21006 (valid, subscription expired), others only with include-unverified.
    package mutating func add(_ response: VerifyReceiptResponse) {
        tallies.responses += 1
        guard [0, 21006].contains(response.status) || options.includeUnverified else {
            tallies.uncountedResponses[response.status, default: 0] += 1
            return
        }
        tallies.countedResponses += 1
        let environment = Self.bounded(Self.environment(of: response))
        for item in response.receiptTransactions + response.latestReceiptInfo {
            add(ReportTransaction(item, environment: environment))
        }
    }

    /// `environment`, else the receipt's `receipt_type` (ProductionSandbox is the sandbox), else not known ("").
    private static func environment(of response: VerifyReceiptResponse) -> String {
        if let environment = response.environment, !environment.isEmpty { return environment }
        switch response.receipt?["receipt_type"]?.scalarText {
        case "Production"?: return "Production"
        case "ProductionSandbox"?, "Sandbox"?: return "Sandbox"
        default: return ""
        }
    }

    /// Apple's environments are a few short names (`ProductionSandbox`, the longest, has 17 bytes). Every row,
    /// CSV line and text line repeats its environment, and one input's environment is on all of its
    /// transactions, so a longer value is cut to its first ``maximumEnvironmentBytes`` bytes (whole characters)
    /// and `…`: a forged megabyte would otherwise be written once per row.
    static func bounded(_ environment: String) -> String {
        guard environment.utf8.count > maximumEnvironmentBytes else { return environment }
        var kept = String.UnicodeScalarView()
        var bytes = 0
        for scalar in environment.unicodeScalars {
            bytes += UTF8.width(scalar)
            guard bytes <= maximumEnvironmentBytes else { break }
            kept.append(scalar)
        }
        return String(kept) + "…"
    }

    static let maximumEnvironmentBytes = 64

    private mutating func add(_ transaction: ReportTransaction) {
        tallies.transactionCopies += 1
        guard !transaction.key.transactionID.isEmpty else {
            tallies.withoutTransactionID += 1
            return
        }
        transactions[transaction.key, default: transaction].merge(transaction)
    }

    /// The report over everything added so far.
    package func finish() -> Report {
        var rows: [ReportRow.Key: ReportRow] = [:]
        var tallies = tallies
        tallies.uniqueTransactions = transactions.count
        for transaction in transactions.values {
            if transaction.isFamilyShared { tallies.familyShared += 1 }
            if transaction.purchaseDate == nil { tallies.withoutPurchaseDate += 1 }
            let unflagged = !transaction.carriesOfferFlags && !transaction.isFamilyShared
            if unflagged { tallies.offerFlagsUnknown += 1 }
            let environment = transaction.key.environment.isEmpty ? nil : transaction.key.environment
            for (kind, day) in transaction.events(in: options.timeZone) {
                let key = ReportRow.Key(day: day, environment: environment, productID: transaction.productID)
                rows[key, default: ReportRow(key: key)].counts[kind, default: 0] += 1
                if unflagged, [.firstPurchase, .renewal, .restore].contains(kind) { rows[key]?.offerFlagsUnknown += 1 }
            }
        }
        return Report(
            options: options, rows: rows.values.sorted { $0.key < $1.key },
            auditDays: auditDays.values.sorted { ($0.day?.daysSinceEpoch ?? 0) < ($1.day?.daysSinceEpoch ?? 0) },
            undatedAuditRecords: undated.records > 0 ? undated : nil, tallies: tallies)
    }
}
