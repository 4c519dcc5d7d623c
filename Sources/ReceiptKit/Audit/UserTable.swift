/// Interns user ids as small numbers, so the signal index stores 4 bytes per mention instead of a string.
struct UserTable: Sendable {
    private var numbers: [String: UInt32] = [:]
    private var names: [String] = []

    /// The number for `name`, assigned on first sight; nil once 2^32 - 1 users are known (the index then stops
    /// growing rather than wrapping around).
    mutating func number(for name: String) -> UInt32? {
        if let known = numbers[name] { return known }
        guard names.count < Int(UInt32.max) else { return nil }
        let number = UInt32(names.count)
        numbers[name] = number
        names.append(name)
        return number
    }

    func name(of number: UInt32) -> String { Int(number) < names.count ? names[Int(number)] : "" }

    var count: Int { names.count }
}
