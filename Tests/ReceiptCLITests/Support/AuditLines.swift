import Foundation
import TestSupport

/// Record lines made from the project's test vectors.
enum AuditLines {
    static func base64(_ vector: String) throws -> String { try Fixtures.testVectorBase64(vector) }

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
