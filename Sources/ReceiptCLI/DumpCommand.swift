import ReceiptKit

/// `appreceipt dump`: the raw ASN.1 tree with receipt field names annotated.
enum DumpCommand: Subcommand {
    static let name = "dump"
    static let abstract = "Print the ASN.1 tree of a receipt with offsets, tags, lengths and field names."
    static let usage = "[--format text|json] [--compact] [FILE]"
    static let discussion = """
        Every element with its byte offset, header length, content length ('inf' for BER indefinite
        length), tag class and number, constructed or primitive, and a value preview. The receipt payload
        and each attribute value are opened in place (marked 'encapsulates') and annotated with their
        verifyReceipt field names. Reads the same input forms as decode; only PKCS#7 receipts have a tree.
        """
    static let options: [OptionSpec] = [CommonOptions.format, CommonOptions.compact]

    static func run(_ arguments: ParsedArguments, console: any Console) throws(CLIError) -> ExitCode {
        let format = try OutputFormat.from(arguments, command: name)
        guard arguments.positionals.count <= 1 else { throw .usage("dump takes one FILE", command: name) }
        let input = try console.readInputs(arguments.positionals)[0].get()
        let tree: ASN1DumpNode
        do {
            let unwrapped = try InputDecoder.decode(input.bytes)
            guard case .pkcs7(let der) = unwrapped.payload else {
                throw CLIError.undecodable(
                    source: input.source,
                    .input(
                        .unrecognised(
                            "dump reads PKCS#7 app receipts; this input is a \(unwrapped.kindName.replacingUnderscores)")))
            }
            tree = try ASN1Dump.tree(der: der)
        } catch let error as InputError {
            throw .undecodable(source: input.source, .input(error))
        } catch let error as DecodeError {
            throw .undecodable(source: input.source, error)
        } catch let error as CLIError {
            throw error
        } catch {
            throw .failure("\(error)", .internalError)
        }
        switch format {
        case .json: try console.writeJSON(tree.json, compact: arguments.has("compact"))
        case .text:
            var lines: [String] = []
            render(tree, into: &lines)
            try console.writeText(lines.joined(separator: "\n") + "\n")
        }
        return .success
    }

    /// One line per element, in the spirit of `openssl asn1parse`.
    static func render(_ node: ASN1DumpNode, into lines: inout [String]) {
        let offset = String(node.offset)
        let length = node.length.map(String.init) ?? "inf"
        let kind = node.identifier.isConstructed ? "cons" : "prim"
        var line =
            "\(String(repeating: " ", count: max(0, 6 - offset.count)))\(offset): d=\(node.depth) hl=\(node.headerLength) "
            + "l=\(String(repeating: " ", count: max(0, 5 - length.count)))\(length) \(kind): "
            + String(repeating: "  ", count: node.depth) + node.identifier.name
        if let preview = node.preview, !preview.isEmpty { line += " " + preview }
        if node.encapsulates { line += " (encapsulates)" }
        if let annotation = node.annotation { line += "  ; \(annotation)" }
        lines.append(line)
        for child in node.children { render(child, into: &lines) }
    }
}
