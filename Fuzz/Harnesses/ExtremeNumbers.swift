/// Millisecond values that sit where 64-bit arithmetic breaks: at and near Int64's limits, around zero, and
/// around plausible App Store dates, each nudged by a fuzzer-chosen offset.
enum ExtremeNumbers {
    /// Anchors the fuzzer nudges from.
    static let anchors: [Int64] = [
        .min, .min + 1, .min / 2, .min / 1000, -86_400_000, -1, 0, 1, 1_000, 86_400_000,
        1_600_000_000_000, 1_700_000_000_000, 4_102_444_800_000, .max / 1000, .max / 2, .max - 1, .max,
    ]

    /// A millisecond count: an anchor moved by a small signed offset (wrapping), or eight raw bytes.
    static func milliseconds(_ input: inout FuzzBytes) -> Int64 {
        switch input.below(4) {
        case 0: return input.int64()
        default:
            let offset = Int64(Int8(bitPattern: input.byte())) * Int64(input.pick([1, 1_000, 86_400_000]))
            return input.pick(anchors) &+ offset
        }
    }

    /// How the number is written: as a JSON number, as a string, as text just past Int64's range, or garbled.
    static func json(_ value: Int64, _ input: inout FuzzBytes) -> String {
        switch input.below(6) {
        case 0, 1: return String(value)
        case 2, 3: return "\"\(value)\""
        case 4: return value < 0 ? "\"-9223372036854775809\"" : "9223372036854775808"
        default: return "\"\(value)x\""
        }
    }
}
