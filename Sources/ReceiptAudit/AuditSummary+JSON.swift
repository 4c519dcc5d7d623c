public import ReceiptKit

/// The JSON form of the audit summary (what `--summary FILE` and `summarize` write).
extension AuditSummary {
    /// `{bundle_ids, environments, failed_checks, format_version, kinds, problem_records, records, signal_groups,
    /// signals, verdicts}`; the count tables with their keys sorted.
    ///
    /// - Parameter output: Where the object is appended.
    public func write(to output: inout JSONOutput) {
        output.beginObject()
        output.key("bundle_ids")
        output.counts(bundleIDs.lazy.map { (key: $0.key.text, value: $0.value) })
        output.key("environments")
        output.counts(environments.lazy.map { (key: $0.key.text, value: $0.value) })
        output.key("failed_checks")
        output.counts(failedChecks)
        output.key("format_version")
        output.integer(Self.formatVersion)
        output.key("kinds")
        output.counts(kinds)
        output.key("problem_records")
        output.integer(problemRecords)
        output.key("records")
        output.integer(records)
        output.key("signal_groups")
        output.beginArray()
        for group in groups { group.write(to: &output) }
        output.endArray()
        output.key("signals")
        output.counts(signals)
        output.key("verdicts")
        output.counts(verdicts)
        // Only when there are any, so a clean summary keeps its bytes.
        if warningCount > 0 {
            output.member("warning_count", integer: warningCount)
            output.member("warnings", strings: warnings)
        }
        output.endObject()
    }

    /// The whole summary as bytes with a final newline (pretty, as `--summary FILE` writes it).
    ///
    /// - Returns: The file's contents, which `summarize` reads back.
    public func fileBytes() -> [UInt8] {
        var output = JSONOutput(pretty: true)
        write(to: &output)
        output.appendRaw(0x0A)
        return output.bytes
    }

}

extension AuditSignalGroup {
    func write(to output: inout JSONOutput) {
        output.beginObject()
        output.member("earlier_user_count", integer: earlierUserCount)
        if let firstSeen {
            output.key("first_seen")
            firstSeen.write(to: &output)
        }
        output.key("key")
        output.string(key)
        output.key("record_count")
        output.integer(recordCount)
        output.key("records")
        output.beginArray()
        for record in records { output.integer(record) }
        output.endArray()
        output.key("signal")
        output.string(kind.rawValue)
        output.member("user_count", integer: userCount)
        if let users { output.member("users", strings: users) }
        output.endObject()
    }
}
