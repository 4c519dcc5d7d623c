import ReceiptKit

#if canImport(Glibc)
    import Glibc
#endif

/// `--at TIME|now` and the non-renewing period map (`--period PRODUCT=DURATION`, `--periods FILE`), shared by the
/// commands that evaluate anything in time.
enum TimeAndPeriodOptions {
    static let at = OptionSpec.value("at", "TIME|now", "Evaluate at this RFC 3339 time, or now.")
    static let period = OptionSpec.value(
        "period", "PRODUCT=DURATION", repeatable: true, "Term of a non-renewing subscription product, ISO 8601 (e.g. P1M).")
    static let periods = OptionSpec.value(
        "periods", "FILE", "Terms from a file: a JSON object {\"product\": \"P1M\"} or PRODUCT=DURATION lines.")

    /// The `--at` time and where it came from, or nil when not given.
    static func time(_ arguments: ParsedArguments, command: String) throws(CLIError) -> (time: Timestamp, source: TimeSource)? {
        guard let text = arguments.value("at") else { return nil }
        if text == "now" { return (now(), .now) }
        do throws(ReceiptDateParser.Failure) {
            return (try ReceiptDateParser.parse(text), .given)
        } catch {
            throw .usage("--at needs an RFC 3339 time such as 2024-03-01T12:00:00Z, or now (\(error.reason))", command: command)
        }
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
