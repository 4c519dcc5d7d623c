/// Reads a payload's documented fields by their JSON type and notes each field sent with another type,
/// so every typed StoreKit 2 model reads its fields by one rule.
struct StoreKitFieldReader {
    let members: [String: JSONValue]
    let section: String
    private(set) var mismatches: [StoreKitFieldMismatch] = []

    init(_ value: JSONValue, section: String = "") {
        members = value.objectValue ?? [:]
        self.section = section
    }

    mutating func string(_ key: String) -> String? {
        guard let value = members[key] else { return nil }
        if case .string(let text) = value { return text }
        return mismatch(key, "a string")
    }

    mutating func int64(_ key: String) -> Int64? {
        guard let value = members[key] else { return nil }
        if case .number(let text) = value, let number = Int64(text) { return number }
        return mismatch(key, "a whole number")
    }

    mutating func bool(_ key: String) -> Bool? {
        guard let value = members[key] else { return nil }
        if case .bool(let flag) = value { return flag }
        return mismatch(key, "a boolean")
    }

    mutating func strings(_ key: String) -> [String]? {
        guard let value = members[key] else { return nil }
        if case .array(let items) = value {
            let texts = items.compactMap { item -> String? in if case .string(let text) = item { text } else { nil } }
            if texts.count == items.count { return texts }
        }
        return mismatch(key, "a list of strings")
    }

    /// A date as ``StoreKitDate`` reads it; a plain-digit string is still read (some tools re-serialise Apple's
    /// numbers as text) but is noted, since Apple signs a number.
    mutating func date(_ key: String) -> Timestamp? {
        guard let value = members[key] else { return nil }
        let instant = StoreKitDate.timestamp(value)
        if case .number = value, instant != nil { return instant }
        _ = mismatch(key, "a date in milliseconds") as Timestamp?
        return instant
    }

    mutating func value<Value: RawRepresentable<String>>(_ key: String, as _: Value.Type = Value.self) -> Value? {
        string(key).flatMap(Value.init(rawValue:))
    }

    mutating func value<Value: RawRepresentable<Int64>>(_ key: String, as _: Value.Type = Value.self) -> Value? {
        int64(key).flatMap(Value.init(rawValue:))
    }

    /// A nested object read with its own reader, whose mismatches join this one's.
    mutating func object<Value>(_ key: String, _ read: (inout StoreKitFieldReader) -> Value) -> Value? {
        guard let value = members[key] else { return nil }
        guard case .object = value else { return mismatch(key, "an object") }
        var nested = StoreKitFieldReader(value, section: path(key))
        let result = read(&nested)
        mismatches += nested.mismatches
        return result
    }

    private func path(_ key: String) -> String { section.isEmpty ? key : "\(section).\(key)" }

    mutating func note(_ mismatch: StoreKitFieldMismatch) { mismatches.append(mismatch) }

    private mutating func mismatch<Value>(_ key: String, _ expected: String) -> Value? {
        mismatches.append(StoreKitFieldMismatch(path: path(key), expected: expected, found: members[key] ?? .null))
        return nil
    }
}
