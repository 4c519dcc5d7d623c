import Foundation
import TestSupport
import Testing

/// The report's counts next to an independent count of the same records (`scripts/report-oracle.py`, which
/// shares no code with the tool): rows keyed `DATE|ENVIRONMENT|PRODUCT`, audit days keyed by date.
enum ReportOracle {
    static let kinds = ["first_purchases", "renewals", "restores", "trials", "intro_offers", "refunds", "upgrades"]

    struct Counts: Equatable {
        var rows: [String: [String: Int]]
        var unique: Int
        var copies: Int
        var auditDays: [String: NSDictionary]
    }

    /// The built binary's `report` (JSON) over `files` with `options`.
    static func report(_ files: [String], options: [String]) throws -> Counts {
        let result = try BinaryRunner.run(["report"] + options + files)
        try #require(result.status == 0, "report \(options): \(result.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        var rows: [String: [String: Int]] = [:]
        for row in json["rows"] as? [[String: Any]] ?? [] {
            let key = ["date", "environment", "product_id"].map { row[$0] as? String ?? "-" }.joined(separator: "|")
            rows[key] = Dictionary(uniqueKeysWithValues: kinds.map { ($0, row[$0] as? Int ?? -1) })
        }
        var days: [String: NSDictionary] = [:]
        let undated = (json["audit_undated"] as? [String: Any]).map { [$0] } ?? []
        for day in (json["audit_days"] as? [[String: Any]] ?? []) + undated {
            let entry: [String: Any] = [
                "records": day["records"] ?? 0, "verdicts": day["verdicts"] ?? [:], "signals": day["signals"] ?? [:],
            ]
            days[day["date"] as? String ?? "no date"] = entry as NSDictionary
        }
        let transactions = json["transactions"] as? [String: Any]
        return Counts(
            rows: rows, unique: transactions?["unique"] as? Int ?? -1, copies: transactions?["copies"] as? Int ?? -1,
            auditDays: days)
    }

    /// `scripts/report-oracle.py` over the same files.
    static func oracle(_ files: [String], options: [String]) throws -> Counts {
        let script = Project.root.appendingPathComponent("scripts/report-oracle.py").path
        let result = try Subprocess.run(tool: "python3", [script] + options + files)
        try #require(result.status == 0, "report-oracle.py: \(result.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let days = (json["audit_days"] as? [String: [String: Any]] ?? [:]).mapValues { $0 as NSDictionary }
        return Counts(
            rows: json["rows"] as? [String: [String: Int]] ?? [:], unique: json["unique"] as? Int ?? -2,
            copies: json["copies"] as? Int ?? -2, auditDays: days)
    }

    /// Report and oracle agree for UTC, Pacific time, a fixed offset and include-unverified; returns the UTC
    /// counts so a caller can check they are not trivially empty.
    @discardableResult
    static func expectAgreement(_ files: [String]) throws -> Counts {
        var first: Counts?
        for options in [[], ["--tz", "America/Los_Angeles"], ["--tz", "+05:30"], ["--include-unverified"]] {
            let report = try report(files, options: options)
            let oracle = try oracle(files, options: options)
            #expect(report.rows == oracle.rows, "rows differ with \(options)")
            #expect(report.unique == oracle.unique, "unique transactions differ with \(options)")
            #expect(report.copies == oracle.copies, "transaction copies differ with \(options)")
            #expect(report.auditDays == oracle.auditDays, "audit days differ with \(options)")
            first = first ?? report
        }
        return try #require(first)
    }
}
