import ReceiptKit

/// Interns user ids as small numbers, so the signal index stores 4 bytes per mention instead of a string.
/// User ids are told apart by their bytes (``ExactString``): look-alike ids are different accounts.
struct UserTable: Sendable {
    private var numbers: [ExactString: UInt32] = [:]
    private var names: [String] = []

    /// The number for `name`, assigned on first sight; nil once 2^32 - 1 users are known (the index then stops
    /// growing rather than wrapping around).
    mutating func number(for name: String) -> UInt32? {
        let key = ExactString(name)
        if let known = numbers[key] { return known }
        guard names.count < Int(UInt32.max) else { return nil }
        let number = UInt32(names.count)
        numbers[key] = number
        names.append(name)
        return number
    }

    func name(of number: UInt32) -> String { Int(number) < names.count ? names[Int(number)] : "" }

    var count: Int { names.count }
}
