/// A StoreKit 2 value with a string name (`environment`, `type`, `notificationType`): compared and hashed by
/// its bytes, as ids are, so two spellings that Unicode calls equal are still two values.
public protocol StoreKitCode: RawRepresentable<String>, Hashable, Sendable, CustomStringConvertible {
    init(rawValue: String)
}

extension StoreKitCode {
    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.rawValue.utf8.elementsEqual(rhs.rawValue.utf8) }
    public func hash(into hasher: inout Hasher) {
        for byte in rawValue.utf8 { hasher.combine(byte) }
    }
    public var description: String { rawValue }
}
