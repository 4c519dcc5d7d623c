/// Where a verifyReceipt answer came from: a saved file, or the requests made to the verifier.
public enum ResponseOrigin: Sendable {
    case file(String)
    case remote([VerifyReceiptClient.Exchange])

    /// `source` plus, for a remote answer, every request made.
    var jsonMembers: [String: JSONValue] {
        switch self {
        case .file(let path): return ["source": .string(path)]
        case .remote(let exchanges):
            return ["source": .string("remote"), "exchanges": .array(exchanges.map(\.json))]
        }
    }
}

extension VerifyReceiptClient.Exchange {
    public var json: JSONValue {
        .object([
            "environment": .string(environment), "url": .string(url),
            "http_status": httpStatus.map { .integer($0) } ?? .null, "status": status.map { .integer($0) } ?? .null,
            "problem": problem.map(JSONValue.string) ?? .null,
        ])
    }
}

extension VerifyReceiptResponse {
    /// Why bytes are not a verifyReceipt response: not JSON, or JSON Apple would not send.
    public enum ReadFailure: Error, Sendable, CustomStringConvertible {
        case json(JSONParser.Failure)
        case response(Failure)

        public var description: String {
            switch self {
            case .json(let failure): return failure.description
            case .response(let failure): return failure.description
            }
        }
    }

    /// Parses and interprets a saved response.
    public static func read(_ bytes: [UInt8]) throws(ReadFailure) -> VerifyReceiptResponse {
        let json: JSONValue
        do throws(JSONParser.Failure) {
            json = try JSONParser.parse(bytes)
        } catch {
            throw .json(error)
        }
        do throws(Failure) {
            return try VerifyReceiptResponse(json: json)
        } catch {
            throw .response(error)
        }
    }
}
