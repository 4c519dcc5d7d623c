/// A certificate's notBefore or notAfter: the instant, or the text as written and why it is not a time.
///
/// RFC 5280 §4.1.2.5 allows exactly `YYMMDDHHMMSSZ` (UTCTime) and `YYYYMMDDHHMMSSZ` (GeneralizedTime). OpenSSL
/// decodes a certificate whatever its times hold and refuses it only when verifying ("format error in
/// certificate's notBefore field"); reading an unreadable time as 1970-01-01 would let a receipt made before its
/// leaf existed pass the validity check, so an unreadable time is kept as such and the check fails on it.
package enum CertificateTime: Sendable, Equatable, CustomStringConvertible {
    case instant(Timestamp)
    /// Not an RFC 5280 time; `text` is the value as written (control characters and all, escaped on output).
    case unreadable(text: String, reason: String)

    /// The instant, nil when unreadable.
    package var timestamp: Timestamp? {
        if case .instant(let timestamp) = self { return timestamp }
        return nil
    }

    /// RFC 3339 for an instant; the text as written otherwise (the validity check says why it is unreadable).
    package var rendered: String {
        switch self {
        case .instant(let timestamp): return timestamp.rfc3339
        case .unreadable(let text, _): return text
        }
    }

    package var description: String { rendered }
}
