internal import COpenSSL

/// The entries OpenSSL left on this thread's error queue after a failed call, oldest first.
public struct OpenSSLError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What the caller was doing, e.g. "decoding a certificate".
    public let operation: String
    /// OpenSSL's own texts, e.g. "asn1 encoding routines::too long".
    public let entries: [String]

    /// The operation and OpenSSL's texts in one line, for an error message.
    public var description: String {
        entries.isEmpty ? "OpenSSL failed \(operation)" : "OpenSSL failed \(operation): \(entries.joined(separator: "; "))"
    }

    /// Empties the queue into an error value.
    static func drain(_ operation: String) -> OpenSSLError {
        var entries: [String] = []
        while true {
            let code = ERR_get_error_all(nil, nil, nil, nil, nil)
            if code == 0 { break }
            let text = withUnsafeTemporaryAllocation(of: CChar.self, capacity: 256) { buffer -> String in
                guard let base = buffer.baseAddress else { return "error \(code)" }
                ERR_error_string_n(code, base, buffer.count)
                return String(cString: base)
            }
            entries.append(text.split(separator: ":", maxSplits: 2).count == 3 ? Self.trimCode(text) : text)
        }
        return OpenSSLError(operation: operation, entries: entries)
    }

    /// Drops the "error:0680007B:" prefix, which carries no information the reason text lacks.
    private static func trimCode(_ text: String) -> String {
        let parts = text.split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false)
        return parts[0] == "error" ? String(parts[2]) : text
    }
}
