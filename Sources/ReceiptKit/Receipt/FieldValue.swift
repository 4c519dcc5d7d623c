/// A known attribute's decoded value.
package enum FieldValue: Sendable, Equatable {
    case string(String)
    case integer(Int64)
    case flag(Bool)
    /// A date; `timestamp` is nil when the text could not be read (the raw text is still shown).
    case date(raw: String, timestamp: Timestamp?)
    case bytes([UInt8])

    package var string: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    package var integer: Int64? {
        if case .integer(let number) = self { return number }
        return nil
    }

    package var flag: Bool? {
        if case .flag(let value) = self { return value }
        return nil
    }

    package var timestamp: Timestamp? {
        if case .date(_, let timestamp) = self { return timestamp }
        return nil
    }

    package var bytes: [UInt8]? {
        if case .bytes(let value) = self { return value }
        return nil
    }
}
