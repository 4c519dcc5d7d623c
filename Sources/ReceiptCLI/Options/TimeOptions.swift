import ArgumentParser
import ReceiptKit

#if canImport(Glibc)
    import Glibc
#endif

/// `--at TIME|now`, shared by the commands that evaluate anything in time.
struct TimeOptions: ParsableArguments {
    // Unconditional: `--at -1000` is a time before 1970, not an option.
    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "Evaluate at this time instead of the input's own date: RFC 3339, an Etc/GMT or America/Los_Angeles date "
                + "as the tool prints them, milliseconds since 1970, or now.", valueName: "time"))
    var at: String?

    func validate() throws { _ = try validating { () throws(CLIError) in try time() } }

    /// The `--at` time and where it came from, or nil when not given. Besides RFC 3339 it takes every form the
    /// tool prints a date in, so a date can be pasted from any output: `2020-07-22 17:39:08 Etc/GMT` (`X`),
    /// `2020-07-22 10:39:08 America/Los_Angeles` (`X_pst`) and `1595439548000` (`X_ms`).
    func time() throws(CLIError) -> (time: Timestamp, source: TimeSource)? {
        guard let text = at else { return nil }
        if text == "now" { return (Self.now(), .now) }
        do throws(ReceiptDateParser.Failure) {
            return (try Self.parse(text), .given)
        } catch {
            throw .usage(
                "--at needs an RFC 3339 time such as 2024-03-01T12:00:00Z, Apple's 2024-03-01 12:00:00 Etc/GMT or "
                    + "2024-03-01 04:00:00 America/Los_Angeles, milliseconds since 1970 such as 1709294400000, or now "
                    + "(\(error.reason))")
        }
    }

    /// One of the accepted forms, told apart by its shape.
    static func parse(_ text: String) throws(ReceiptDateParser.Failure) -> Timestamp {
        let digits = text.hasPrefix("-") ? text.dropFirst() : Substring(text)
        if !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }) {
            return try ReceiptDateParser.parseMilliseconds(text)
        }
        if text.hasSuffix(" America/Los_Angeles") { return try ReceiptDateParser.parseApplePacific(text) }
        if text.hasSuffix(" Etc/GMT") || text.hasSuffix(" GMT") || text.hasSuffix(" UTC") {
            return try ReceiptDateParser.parseAppleGMT(text)
        }
        return try ReceiptDateParser.parse(text)
    }

    /// The wall clock: the CLI is the one layer that reads it.
    static func now() -> Timestamp {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        return Timestamp(milliseconds: Int64(now.tv_sec) * 1000 + Int64(now.tv_nsec) / 1_000_000)
    }
}
