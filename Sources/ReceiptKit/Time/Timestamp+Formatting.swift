/// The three renderings of an instant written straight into an output buffer: no Foundation, no intermediate
/// Strings, so a receipt's dozens of dates cost a few civil-calendar divisions each.
extension Timestamp {
    /// RFC 3339 in UTC, `2020-07-22T17:39:08Z`, with `.SSS` only when the milliseconds are not zero.
    package func appendRFC3339(to out: inout ByteBuffer) {
        CivilTime(secondsSinceEpoch: seconds).append(separator: UInt8(ascii: "T"), to: &out)
        let millis = millisecondOfSecond
        if millis != 0 {
            out.append(0x2E)
            JSONOutput.appendDigits(UInt64(millis), minimumWidth: 3, to: &out)
        }
        out.append(UInt8(ascii: "Z"))
    }

    /// `2020-07-22 17:39:08 Etc/GMT`, as verifyReceipt writes its UTC dates.
    package func appendAppleGMT(to out: inout ByteBuffer) {
        CivilTime(secondsSinceEpoch: seconds).append(separator: 0x20, to: &out)
        out.append(" Etc/GMT")
    }

    /// `2020-07-22 10:39:08 America/Los_Angeles`, as verifyReceipt writes its `_pst` dates (DST applies).
    package func appendApplePacific(to out: inout ByteBuffer) {
        let seconds = self.seconds
        CivilTime(secondsSinceEpoch: seconds + PacificTime.offsetSeconds(at: seconds)).append(separator: 0x20, to: &out)
        out.append(" America/Los_Angeles")
    }
}

extension JSONOutput {
    /// The instant as an RFC 3339 string value.
    package mutating func rfc3339(_ timestamp: Timestamp) { plainString(timestamp.appendRFC3339) }

    /// `name` and the instant as an RFC 3339 string; nothing when there is no instant.
    package mutating func member(_ name: StaticString, rfc3339 timestamp: Timestamp?) {
        guard let timestamp else { return }
        key(name)
        rfc3339(timestamp)
    }

    /// The instant as verifyReceipt's Etc/GMT string value.
    package mutating func appleGMT(_ timestamp: Timestamp) { plainString(timestamp.appendAppleGMT) }

    /// The instant as verifyReceipt's America/Los_Angeles string value.
    package mutating func applePacific(_ timestamp: Timestamp) { plainString(timestamp.appendApplePacific) }
}
