package import ReceiptAudit
package import ReceiptKit

/// One document a report reads: a line of `appreceipt audit` output, or a verifyReceipt response (Apple's answer,
/// saved whole or one per line).
package enum ReportInput: Sendable {
    case auditRecord(AuditRecord)
    /// `source` is where it was read: `path` for a whole file, `path:line` for a line.
    case response(VerifyReceiptResponse, source: String)
    /// A line (or document) that is neither: counted and named in the report, never fatal for the batch.
    case unusable(source: String, message: String)

    /// Which of the two `json` is, read as that; throws naming what the document lacks.
    static func classify(_ json: JSONValue) throws(ReportInputError.Reason) -> ReportInput {
        guard let object = json.objectValue else {
            throw .init("a JSON \(Self.typeName(json)), not an audit record or a verifyReceipt response (JSON objects)")
        }
        if object["record"] != nil, object["verdict"] != nil {
            do {
                return .auditRecord(try AuditRecord(json: json))
            } catch {
                throw .init("not an audit record: \(error.description)")
            }
        }
        if object["status"] != nil {
            do {
                return .response(try VerifyReceiptResponse(json: json), source: "")
            } catch {
                throw .init(error.description)
            }
        }
        if object["signal_groups"] != nil, object["format_version"] != nil {
            throw .init(
                "an audit summary (audit --summary, summarize); report reads the records audit writes on standard output")
        }
        throw .init(
            "neither an audit record (no \"record\" and \"verdict\") nor a verifyReceipt response (no \"status\")")
    }

    private static func typeName(_ json: JSONValue) -> String {
        switch json {
        case .array: return "array"
        case .string: return "string"
        case .number: return "number"
        case .bool: return "boolean"
        case .null: return "null"
        case .object: return "object"
        }
    }
}

/// Why a report input could not be read: the file, or the line (`path:line`) and what is wrong with it.
package enum ReportInputError: Error, Equatable, Sendable, CustomStringConvertible {
    case unreadable(AuditInputError)
    case invalid(source: String, message: String)

    /// What is wrong with a document, before the reader adds where it is.
    package struct Reason: Error, Equatable, Sendable {
        let message: String
        init(_ message: String) { self.message = message }
    }

    package var description: String {
        switch self {
        case .unreadable(let error): return error.description
        case .invalid(let source, let message): return "\(source): \(message)"
        }
    }
}
