/// The stretch of time in which every certificate of a chain keeps the same standing (not yet valid, valid,
/// expired): between the last notBefore or notAfter boundary at or before the verification time and the first
/// one after it. OpenSSL's verdict on a chain changes with the time only at those boundaries, so a chain result
/// computed at one time holds for every time of its window, and ``ChainResultCache/Key`` carries the window
/// rather than the time (every receipt of a period shares one entry).
struct ValidityWindow: Hashable, Sendable {
    /// Inclusive; nil when no boundary lies at or before the time.
    let start: Timestamp?
    /// Exclusive; nil when no boundary lies after the time.
    let end: Timestamp?
    /// False for "no verification time at all", which is a window of its own.
    let hasTime: Bool

    /// The window of `time` for the embedded certificates and the anchors' own certificates.
    init(_ time: Timestamp?, certificates: [X509Certificate], anchors: [TrustAnchor]) {
        guard let time else {
            (start, end, hasTime) = (nil, nil, false)
            return
        }
        var start: Timestamp? = nil
        var end: Timestamp? = nil
        for certificate in certificates {
            Self.narrow(&start, &end, around: time, by: certificate)
        }
        for case let certificate? in anchors.lazy.map(\.certificate) {
            Self.narrow(&start, &end, around: time, by: certificate)
        }
        (self.start, self.end, hasTime) = (start, end, true)
    }

    init(start: Timestamp?, end: Timestamp?) {
        (self.start, self.end, hasTime) = (start, end, true)
    }

    /// Moves `start` and `end` to `certificate`'s boundaries where those lie closer to `time`.
    private static func narrow(
        _ start: inout Timestamp?, _ end: inout Timestamp?, around time: Timestamp, by certificate: X509Certificate
    ) {
        if let notBefore = certificate.notBefore.timestamp { place(notBefore, &start, &end, around: time) }
        // OpenSSL counts a certificate expired from the second after notAfter (its times have whole seconds).
        if let notAfter = certificate.notAfter.timestamp {
            place(Timestamp(milliseconds: notAfter.milliseconds &+ 1000), &start, &end, around: time)
        }
    }

    private static func place(_ boundary: Timestamp, _ start: inout Timestamp?, _ end: inout Timestamp?, around time: Timestamp) {
        if boundary <= time {
            if start.map({ boundary > $0 }) ?? true { start = boundary }
        } else if end.map({ boundary < $0 }) ?? true {
            end = boundary
        }
    }
}
