import Synchronization

/// Responders that gave no answer at all (unreachable, timed out, not HTTP 200), remembered for a minute: the
/// other items of one run that share a chain (a notification and the transactions nested in it) then report the
/// same failure at once instead of waiting out the same timeout again. Only missing answers are remembered, never
/// an answer, so nothing here can make a check pass. Bounded like ``OCSPStatusCache``.
final class UnansweringResponders: Sendable {
    private struct Silence: Sendable {
        let until: Timestamp
        let reason: String
    }

    static let memory: Int64 = 60 * 1000

    private let entries = Mutex<[String: Silence]>([:])
    private let capacity = 32

    /// Why `url` gave no answer, when that was less than ``memory`` before `now`.
    func reason(for url: String, now: Timestamp) -> String? {
        entries.withLock { table in
            guard let silence = table[url], now < silence.until else {
                table[url] = nil
                return nil
            }
            return silence.reason
        }
    }

    func remember(_ url: String, reason: String, now: Timestamp) {
        entries.withLock { table in
            if table[url] == nil, table.count >= capacity { table.removeAll(keepingCapacity: true) }
            table[url] = Silence(until: Timestamp(milliseconds: now.milliseconds + Self.memory), reason: reason)
        }
    }
}
