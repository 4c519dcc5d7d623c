import ReceiptAudit
import ReceiptKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

// Resident memory of the audit's cross-record signal index per million distinct ids (docs/audit.md, "Measured").
//
//   swift run -c release --package-path Benchmarks index-memory [MILLIONS]
//
// Each scenario runs in a fresh child process (this program re-executes itself), so one scenario's freed
// memory cannot hide another's growth. Records are built by hand: authentic, user-tagged, one purchase each.

/// Resident bytes of this process, from /proc/self/statm.
func residentBytes() -> Int {
    guard let file = fopen("/proc/self/statm", "r") else { return 0 }
    defer { fclose(file) }
    var buffer = [UInt8](repeating: 0, count: 256)
    let count = buffer.withUnsafeMutableBytes { fread($0.baseAddress, 1, $0.count, file) }
    // "size resident shared ...", in pages.
    let fields = String(decoding: buffer[0..<count], as: UTF8.self).split(separator: " ")
    guard fields.count > 1, let resident = Int(fields[1]) else { return 0 }
    return resident * Int(sysconf(Int32(_SC_PAGESIZE)))
}

/// A 64-digit hex string that differs for every `number` in its first 128 bits (the part the index keys on).
func fakeHash(_ number: Int) -> String {
    let digits = String(UInt64(number), radix: 16)
    return String(repeating: "0", count: 16 - digits.count) + digits + String(repeating: "a", count: 48)
}

/// Feeds `count` records through a fresh index and returns the resident growth in bytes.
func measure(_ scenario: String, count: Int) -> (bytes: Int, keys: (users: Int, transactions: Int, payloads: Int)) {
    var index = SignalIndex()
    let before = residentBytes()
    for number in 1...count {
        var record = AuditRecord(number: number, source: "", verdict: .valid)
        record.kind = "app_receipt"
        switch scenario {
        case "transactions":
            // One user for all: only the transaction table grows.
            record.userID = "user"
            let id = String(1_000_000_000_000_000 + number)
            record.transactions = [AuditTransaction(transactionID: id, originalTransactionID: id)]
        case "payloads":
            record.userID = "user"
            record.payloadSHA256 = fakeHash(number)
        case "users":
            // A distinct user per record and nothing else: the user table.
            record.userID = "user-\(number)"
        case "shared":
            // One transaction replayed under a new user every record: the shared-key lists and the user table.
            record.userID = "user-\(number)"
            record.transactions = [AuditTransaction(transactionID: "1000000000000001")]
        default:
            break
        }
        index.observe(&record)
    }
    let after = residentBytes()
    return (after - before, index.distinctKeyCounts)
}

let arguments = CommandLine.arguments
if arguments.count == 4, arguments[1] == "--child", let count = Int(arguments[3]) {
    let (bytes, keys) = measure(arguments[2], count: count)
    print("\(bytes) \(keys.users) \(keys.transactions) \(keys.payloads)")
    exit(0)
}
let millions = arguments.count > 1 ? (Double(arguments[1]) ?? 1) : 1
let count = Int(millions * 1_000_000)
print("signal index memory, \(count) records per scenario (resident growth of a fresh process)")
for scenario in ["transactions", "payloads", "users", "shared"] {
    guard let pipe = popen("'\(arguments[0])' --child \(scenario) \(count)", "r") else { continue }
    var buffer = [UInt8](repeating: 0, count: 256)
    let read = buffer.withUnsafeMutableBytes { fread($0.baseAddress, 1, $0.count, pipe) }
    pclose(pipe)
    let fields = String(decoding: buffer[0..<read], as: UTF8.self).split(whereSeparator: { $0 == " " || $0 == "\n" })
        .compactMap { Int($0) }
    guard fields.count == 4 else { continue }
    let perMillion = Double(fields[0]) / Double(count) * 1_000_000 / 1_048_576
    print(
        "\(scenario + String(repeating: " ", count: max(0, 13 - scenario.count))) \(Int(perMillion.rounded())) MB per million records"
            + " (distinct users \(fields[1]), transaction ids \(fields[2]), payloads \(fields[3]))")
}
