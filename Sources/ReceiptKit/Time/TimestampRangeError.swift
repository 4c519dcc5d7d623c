/// A millisecond count outside ``Timestamp/supportedRange``: no receipt or verifyReceipt answer names such an
/// instant, so it is reported instead of being rendered as a nonsensical year or fed to date arithmetic.
public struct TimestampRangeError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The value that was refused.
    public let milliseconds: Int64

    package init(milliseconds: Int64) { self.milliseconds = milliseconds }

    /// The range in words, for messages that already show the value.
    package static let rangeText = "outside the supported range (0000-01-01T00:00:00Z to 9999-12-31T23:59:59.999Z)"

    /// The value and the supported range, for an error message.
    public var description: String { "\(milliseconds) ms is \(Self.rangeText)" }
}
