import ReceiptKit

/// A document as a value: what `write` produces, parsed back with the project's parser, so tests read exactly
/// the bytes the tool prints.
func rendered(_ write: (inout JSONOutput) -> Void) throws -> JSONValue {
    var output = JSONOutput(pretty: false)
    write(&output)
    return try JSONParser.parse(output.bytes)
}
