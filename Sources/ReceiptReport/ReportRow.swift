import ReceiptKit

/// The counts of one product on one day in one environment: one line of the CSV, one JSON row.
package struct ReportRow: Sendable, Equatable {
    /// Equal and hashed by bytes, as it is ordered: look-alike product ids are two rows.
    package struct Key: Hashable, Comparable, Sendable {
        package let day: ReportDay
        /// nil when the input did not say.
        package let environment: String?
        package let productID: String?

        package static func == (lhs: Key, rhs: Key) -> Bool {
            lhs.day == rhs.day && Self.same(lhs.environment, rhs.environment) && Self.same(lhs.productID, rhs.productID)
        }

        package func hash(into hasher: inout Hasher) {
            hasher.combine(day)
            hasher.combine(environment.map(ExactString.init))
            hasher.combine(productID.map(ExactString.init))
        }

        private static func same(_ lhs: String?, _ rhs: String?) -> Bool {
            switch (lhs, rhs) {
            case (nil, nil): return true
            case (let lhs?, let rhs?): return lhs.isByteEqual(to: rhs)
            default: return false
            }
        }

        /// Day, then environment, then product id (absent first, then by bytes): the report's fixed order.
        package static func < (lhs: Key, rhs: Key) -> Bool {
            if lhs.day != rhs.day { return lhs.day < rhs.day }
            if !Self.same(lhs.environment, rhs.environment) { return Self.precedes(lhs.environment, rhs.environment) }
            return Self.precedes(lhs.productID, rhs.productID)
        }

        private static func precedes(_ lhs: String?, _ rhs: String?) -> Bool {
            guard let rhs else { return false }
            guard let lhs else { return true }
            return Array(lhs.utf8).lexicographicallyPrecedes(Array(rhs.utf8))
        }
    }

    package let key: Key
    package internal(set) var counts: [ReportEventKind: Int] = [:]
    /// Purchases counted here whose inputs carried no offer flags, so trials, intro offers and upgrades cannot
    /// include them (older receipts without attributes 1713 and 1719).
    package internal(set) var offerFlagsUnknown = 0

    package func count(_ kind: ReportEventKind) -> Int { counts[kind] ?? 0 }
}
