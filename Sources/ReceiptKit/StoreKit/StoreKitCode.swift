/// A StoreKit 2 value with a string name (`environment`, `type`, `notificationType`): compared and hashed by
/// its bytes, as ids are, so two spellings that Unicode calls equal are still two values.
public protocol StoreKitCode: RawRepresentable<String>, Hashable, Sendable, CustomStringConvertible {
    /// A value from its signed text; any text is kept, known or not, so no value Apple adds is lost.
    /// - Parameter rawValue: the text as signed.
    init(rawValue: String)
}

extension StoreKitCode {
    /// Equal when the two raw values have the same UTF-8 bytes.
    /// - Parameters:
    ///   - lhs: one value.
    ///   - rhs: the other.
    /// - Returns: whether the bytes are the same.
    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.rawValue.utf8.elementsEqual(rhs.rawValue.utf8) }
    /// Hashes the raw value's UTF-8 bytes, in step with ``==(_:_:)``.
    /// - Parameter hasher: the hasher to feed.
    public func hash(into hasher: inout Hasher) {
        for byte in rawValue.utf8 { hasher.combine(byte) }
    }
    /// The value as signed (`Auto-Renewable Subscription`).
    public var description: String { rawValue }
}
