import ReceiptKit

/// One line of a records file taken apart: the receipt and what the submitter said about it.
///
/// A line is either a bare receipt (base64, as `verify` reads it) or a JSON object carrying the receipt under
/// `receipt-data` (the verifyReceipt request name), `receipt_data` or `receipt`, with optional `id`, `user_id`,
/// `device_id` and `bundle_id`. Ids may be JSON strings or numbers (a 19-digit number keeps every digit).
package struct RecordLine: Sendable, Equatable {
    /// The names the receipt may be given under, in order of preference.
    package static let receiptKeys = ["receipt-data", "receipt_data", "receipt"]

    package var receipt: [UInt8]
    package var id: String?
    package var userID: String?
    package var deviceID: String?
    package var bundleID: String?

    package init(receipt: [UInt8], id: String? = nil, userID: String? = nil, deviceID: String? = nil, bundleID: String? = nil) {
        self.receipt = receipt
        self.id = id
        self.userID = userID
        self.deviceID = deviceID
        self.bundleID = bundleID
    }

    /// Why a line is not a record, with the byte offset in the line when there is one.
    package struct Failure: Error, Equatable, Sendable, CustomStringConvertible {
        package let message: String
        package let offset: Int?
        package var description: String { message }

        package init(message: String, offset: Int?) {
            self.message = message
            self.offset = offset
        }
    }

    /// Parses one line: a JSON object when it starts with `{`, otherwise the receipt itself.
    package static func parse(_ rawLine: [UInt8]) throws(Failure) -> RecordLine {
        // A byte order mark (editors on Windows write one at the start of a file) is not part of the record.
        let line = rawLine.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(rawLine.dropFirst(3)) : rawLine
        guard line.first(where: { !RecordLineReader.isWhitespace($0) }) == UInt8(ascii: "{") else {
            return RecordLine(receipt: line)
        }
        let parsed: JSONValue
        do {
            parsed = try JSONParser.parse(line)
        } catch {
            throw Failure(message: error.description, offset: error.offset)
        }
        guard let members = parsed.objectValue else {
            throw Failure(message: "the record is not a JSON object", offset: 0)
        }
        guard let key = receiptKeys.first(where: { members[$0] != nil && members[$0] != .null }), let value = members[key]
        else {
            throw Failure(message: "the JSON record has no receipt-data, receipt_data or receipt", offset: nil)
        }
        guard case .string(let text) = value else {
            throw Failure(message: "the record's \(key) is not a string", offset: nil)
        }
        var record = RecordLine(receipt: Array(text.utf8))
        record.id = try member(members, "id")
        record.userID = try member(members, "user_id")
        record.deviceID = try member(members, "device_id")
        record.bundleID = try member(members, "bundle_id")
        return record
    }

    /// A string or number member as text; absent or null is nil, anything else is an error.
    private static func member(_ members: [String: JSONValue], _ key: String) throws(Failure) -> String? {
        switch members[key] {
        case nil, .null?: return nil
        case .string(let text)?: return text
        case .number(let literal)?: return literal
        default: throw Failure(message: "the record's \(key) is not a string or a number", offset: nil)
        }
    }
}
