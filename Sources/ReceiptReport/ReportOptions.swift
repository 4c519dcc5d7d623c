import ReceiptKit

/// What a report counts and in which clock.
package struct ReportOptions: Sendable, Equatable {
    package var timeZone: ReportTimeZone
    /// Counts the purchases of records that are not valid too (invalid, untrusted, unverifiable here) and of
    /// responses whose status is neither 0 nor 21006. Off by default: a forged receipt can claim any purchase, and
    /// its purchases must not be counted as sales unless the reader asks for it.
    package var includeUnverified: Bool

    package init(timeZone: ReportTimeZone = .utc, includeUnverified: Bool = false) {
        self.timeZone = timeZone
        self.includeUnverified = includeUnverified
    }
}
