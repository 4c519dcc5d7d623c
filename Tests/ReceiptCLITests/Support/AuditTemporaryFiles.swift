import Foundation

/// A fresh directory for one test's batch files, removed when the value goes away.
final class TemporaryDirectory {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("appreceipt-audit-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    /// Writes `text` to `name` and returns the path.
    @discardableResult
    func write(_ name: String, _ text: String) throws -> String {
        let file = url.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: file)
        return file.path
    }

    func path(_ name: String) -> String { url.appendingPathComponent(name).path }
}

/// Record lines made from the project's test vectors.
enum AuditLines {
    static func base64(_ vector: String) throws -> String {
        let url = BinaryRunner.projectRoot.appendingPathComponent("TestVectors/\(vector)")
        return try String(contentsOf: url, encoding: .utf8).filter { !$0.isWhitespace }
    }

    static func json(_ vector: String, user: String, id: String? = nil) throws -> String {
        "{\"id\":\"\(id ?? user)\",\"user_id\":\"\(user)\",\"receipt-data\":\"\(try base64(vector))\"}"
    }

    /// Parses JSON Lines output.
    static func parse(_ text: String) throws -> [[String: Any]] {
        try text.split(separator: "\n").map {
            guard let object = try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] else {
                throw CocoaError(.coderReadCorrupt)
            }
            return object
        }
    }
}
