import ReceiptKit

/// One input named on an audit's command line, before anything is read.
public enum AuditInput: Sendable, Equatable {
    /// A path: a directory is walked, a records file (`.jsonl`, `.b64l`, `.txt`) is read line by line, any
    /// other file is one receipt.
    case path(String)
    /// A records file whatever its name (`--records FILE`), or `-` for standard input.
    case records(String)

    /// The name extensions that make a named file a records file rather than one receipt.
    package static let recordsExtensions = [".jsonl", ".b64l", ".txt"]

    /// The extensions that make a file found in a directory walk a records file: `.txt` is left out there, as a
    /// folder of receipts often holds one wrapped base64 receipt per `.txt` file.
    package static let walkedRecordsExtensions = [".jsonl", ".b64l"]

    /// True when a named file is read as records, one per line.
    static func isRecordsFileName(_ path: String) -> Bool { hasExtension(path, recordsExtensions) }

    /// True when a file found in a walk is read as records, one per line.
    static func isWalkedRecordsFileName(_ path: String) -> Bool { hasExtension(path, walkedRecordsExtensions) }

    private static func hasExtension(_ path: String, _ extensions: [String]) -> Bool {
        let lowered = path.lowercased()
        return extensions.contains { lowered.hasSuffix($0) }
    }
}
