import ArgumentParser
import ReceiptKit

/// The terms of non-renewing subscription products (`--period PRODUCT=DURATION`, `--periods FILE`): their
/// receipts carry no expiry, so the user says how long each product lasts.
struct PeriodOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "Term of a non-renewing subscription product, ISO 8601 (e.g. P1M); repeatable.",
            valueName: "product=duration"))
    var period: [String] = []

    @Option(
        help: ArgumentHelp(
            "Terms from a file: a JSON object {\"product\": \"P1M\"} or PRODUCT=DURATION lines.", valueName: "file"))
    var periods: String?

    /// The terms from both options; a bad entry is a usage error naming where it came from.
    func terms() throws(CLIError) -> [String: ISO8601Duration] {
        // Each entry: the PRODUCT=DURATION text and where it came from, for the error message.
        var entries: [(text: String, origin: String)] = period.map { ($0, "--period") }
        if let path = periods {
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
                    "\(origin): '\(text)' is not PRODUCT=DURATION with an ISO 8601 duration such as P1M")
            }
            do throws(ISO8601Duration.Failure) {
                result[parts[0]] = try ISO8601Duration(parts[1])
            } catch {
                throw .usage("\(origin): '\(text)': \(error) (e.g. P1M)")
            }
        }
        return result
    }
}
