/// Where a verifyReceipt answer came from: a saved file, or the requests made to the verifier.
package enum ResponseOrigin: Sendable {
    case file(String)
    case remote([VerifyReceiptExchange])

    /// `source` plus, for a remote answer, every request made (`exchanges`), as members of the caller's object.
    func writeMembers(to output: inout JSONOutput) {
        switch self {
        case .file(let path):
            output.key("source")
            output.string(path)
        case .remote(let exchanges):
            output.key("exchanges")
            output.beginArray()
            for exchange in exchanges { exchange.write(to: &output) }
            output.endArray()
            output.key("source")
            output.literal("remote")
        }
    }
}

extension VerifyReceiptExchange {
    /// `{environment, http_status, problem, status, url}`.
    package func write(to output: inout JSONOutput) {
        output.beginObject()
        output.key("environment")
        output.string(environment)
        output.key("http_status")
        if let httpStatus { output.integer(httpStatus) } else { output.null() }
        output.key("problem")
        if let problem { output.string(problem) } else { output.null() }
        output.key("status")
        if let status { output.integer(status) } else { output.null() }
        output.key("url")
        output.string(url)
        output.endObject()
    }
}

extension VerifyReceiptResponse {
    /// Why bytes are not a verifyReceipt response: not JSON, or JSON Apple would not send.
    package enum ReadFailure: Error, Sendable, CustomStringConvertible {
        case json(JSONParser.Failure)
        case response(Failure)

        package var description: String {
            switch self {
            case .json(let failure): return failure.description
            case .response(let failure): return failure.description
            }
        }
    }

    /// Parses and interprets a saved response.
    package static func read(_ bytes: [UInt8]) throws(ReadFailure) -> VerifyReceiptResponse {
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
