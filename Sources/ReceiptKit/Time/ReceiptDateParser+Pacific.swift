extension ReceiptDateParser {
    /// Parses Apple's `_pst` rendering, `2020-07-22 10:39:08 America/Los_Angeles`, back to its instant with the
    /// same Pacific rules that render it (``PacificTime``), so a date copied from any `_pst` field names exactly
    /// the instant of its `_ms` twin (to the second).
    ///
    /// A wall-clock time that the clocks skip when daylight time starts (02:00-02:59 on that Sunday) names no
    /// instant, and one in the hour repeated when it ends (01:00-01:59) names two: both are refused with the
    /// reason, rather than guessed.
    package static func parseApplePacific(_ text: String) throws(Failure) -> Timestamp {
        let suffix = " America/Los_Angeles"
        guard text.hasSuffix(suffix) else { throw Failure(text: text, reason: "expected a date ending in America/Los_Angeles") }
        // The wall-clock reading as if it were UTC; the instant is that minus the offset in force.
        let wallClock: Timestamp
        do {
            wallClock = try parse(String(text.dropLast(suffix.count)) + "Z")
        } catch {
            throw Failure(text: text, reason: error.reason)
        }
        var instants: [Timestamp] = []
        for offset in [PacificTime.standardOffset, PacificTime.daylightOffset] {
            // Both terms lie within the supported range plus a few hours: no overflow.
            let candidate: Timestamp
            do {
                candidate = try Timestamp(checkedMilliseconds: wallClock.milliseconds - offset * 1000)
            } catch {
                continue
            }
            if PacificTime.offsetSeconds(at: candidate.seconds) == offset { instants.append(candidate) }
        }
        instants.sort()
        switch instants.count {
        case 1: return instants[0]
        case 0:
            throw Failure(
                text: text,
                reason: "no such time in Los Angeles: the clocks skip this hour when daylight saving time starts")
        default:
            throw Failure(
                text: text,
                reason: "this time happens twice in Los Angeles (the hour repeated when daylight saving time ends), "
                    + "at \(instants[0].rfc3339) and \(instants[1].rfc3339); give the Etc/GMT form instead")
        }
    }
}
