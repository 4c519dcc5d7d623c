import ReceiptKit

/// `appreceipt decode`: parse and print everything, no trust decision.
enum DecodeCommand: Subcommand {
    static let name = "decode"
    static let abstract = "Parse a receipt and print every field, certificate and container detail."
    static let usage = "[--format json|text] [--compact] [FILE ...]"
    static let discussion = """
        Accepts base64 (standard or URL-safe, any whitespace, padding optional), raw DER, a verifyReceipt
        request body {"receipt-data": "..."} and base64 of base64. App receipts (App Store, sandbox, Xcode),
        iOS 6 transaction receipts and StoreKit 2 JWS are recognised and named. No trust decision is made:
        use 'verify' for that. The receipt object uses Apple's verifyReceipt names and types; values Apple's
        JSON lacks are under product_type, opaque_value, sha1_hash, age_rating and unknown_attributes.
        With several FILEs the JSON output is an array with one document (or error) per file, in order.
        """
    static let options: [OptionSpec] = [CommonOptions.format, CommonOptions.compact]

    static func run(_ arguments: ParsedArguments, console: any Console) throws(CLIError) -> ExitCode {
        let format = try OutputFormat.from(arguments, command: name)
        let inputs = console.readInputs(arguments.positionals)
        if inputs.count == 1 {
            let document = try decode(inputs[0].get())
            switch format {
            case .json: try console.writeJSON(document.json, compact: arguments.has("compact"))
            case .text: try console.writeText(document.text)
            }
            return .success
        }
        var worst = ExitCode.success
        var documents: [JSONValue] = []
        for (path, input) in zip(arguments.positionals.isEmpty ? ["-"] : arguments.positionals, inputs) {
            do {
                let document = try decode(input.get())
                documents.append(document.json)
                if format == .text { try console.writeText(document.text + "\n") }
            } catch {
                console.writeError("appreceipt: error: \(error)\n")
                worst = max(worst, error.exitCode)
                var failure: [String: JSONValue] = [
                    "message": .string(error.description), "exit_code": .integer(Int(error.exitCode.rawValue)),
                ]
                if case .undecodable(_, let decodeError) = error, let offset = decodeError.offset {
                    failure["offset"] = .integer(offset)
                }
                documents.append(.object(["input": .object(["source": .string(path)]), "error": .object(failure)]))
            }
        }
        if format == .json { try console.writeJSON(.array(documents), compact: arguments.has("compact")) }
        return worst
    }

    struct Decoded {
        let json: JSONValue
        let text: String
    }

    static func decode(_ input: NamedInput) throws(CLIError) -> Decoded {
        do {
            let (unwrapped, document) = try ReceiptDecoder.decode(input.bytes)
            let json = DecodeReport.json(source: input.source, input: unwrapped, document: document)
            return Decoded(json: json, text: DecodeTextRenderer.render(json))
        } catch {
            throw .undecodable(source: input.source, error)
        }
    }
}
