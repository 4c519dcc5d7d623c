import ReceiptKit

#if canImport(Glibc)
    import Glibc
#endif

/// `--at TIME|now` and the non-renewing period map (`--period PRODUCT=DURATION`, `--periods FILE`), shared by the
/// commands that evaluate anything in time.
enum TimeAndPeriodOptions {
    static let at = OptionSpec.value(
        "at", "TIME|now",
        "Evaluate at this time: RFC 3339, Apple's 'Etc/GMT' or 'America/Los_Angeles' date, milliseconds since 1970, or now.")
    static let period = OptionSpec.value(
        "period", "PRODUCT=DURATION", repeatable: true, "Term of a non-renewing subscription product, ISO 8601 (e.g. P1M).")
    static let periods = OptionSpec.value(
        "periods", "FILE", "Terms from a file: a JSON object {\"product\": \"P1M\"} or PRODUCT=DURATION lines.")

    /// The `--at` time and where it came from, or nil when not given. Besides RFC 3339 it takes every form the
    /// tool prints a date in, so a date can be pasted from any output: `2020-07-22 17:39:08 Etc/GMT` (`X`),
    /// `2020-07-22 10:39:08 America/Los_Angeles` (`X_pst`) and `1595439548000` (`X_ms`).
    static func time(_ arguments: ParsedArguments, command: String) throws(CLIError) -> (time: Timestamp, source: TimeSource)? {
        guard let text = arguments.value("at") else { return nil }
        if text == "now" { return (now(), .now) }
        do throws(ReceiptDateParser.Failure) {
            return (try parse(text), .given)
        } catch {
            throw .usage(
                "--at needs an RFC 3339 time such as 2024-03-01T12:00:00Z, Apple's 2024-03-01 12:00:00 Etc/GMT or "
                    + "2024-03-01 04:00:00 America/Los_Angeles, milliseconds since 1970 such as 1709294400000, or now "
                    + "(\(error.reason))", command: command)
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

    static func periods(_ arguments: ParsedArguments, command: String) throws(CLIError) -> [String: ISO8601Duration] {
        // Each entry: the PRODUCT=DURATION text and where it came from, for the error message.
        var entries: [(text: String, origin: String)] = arguments.all("period").map { ($0, "--period") }
        if let path = arguments.value("periods") {
            let bytes = try FileReader.read(path: path)
            if bytes.first(where: { !ASCII.isWhitespace($0) }) == UInt8(ascii: "{") {
                let json: JSONValue
                do throws(JSONParser.Failure) {
                    json = try JSONParser.parse(bytes)
                } catch {
                    throw .failure("--periods \(path): \(error)", .dataError)
                }
                for (product, value) in json.objectValue ?? [:] {
                    entries.append(("\(product)=\(value.scalarText ?? "")", path))
                }
            } else {
                for (number, line) in String(decoding: bytes, as: UTF8.self).split(
                    separator: "\n", omittingEmptySubsequences: false
                ).enumerated() {
                    let trimmed = line.trimmingWhitespace
                    if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
                    entries.append((trimmed, "\(path):\(number + 1)"))
                }
            }
        }
        var result: [String: ISO8601Duration] = [:]
        for (text, origin) in entries {
            let parts = text.split(separator: "=", maxSplits: 1).map(String.init)
            guard parts.count == 2, !parts[0].isEmpty else {
                throw .usage(
                    "\(origin): '\(text)' is not PRODUCT=DURATION with an ISO 8601 duration such as P1M", command: command)
            }
            do throws(ISO8601Duration.Failure) {
                result[parts[0]] = try ISO8601Duration(parts[1])
            } catch {
                throw .usage("\(origin): '\(text)': \(error) (e.g. P1M)", command: command)
            }
        }
        return result
    }
}
