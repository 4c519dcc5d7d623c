import ArgumentParser
import ReceiptKit

/// `appreceipt dump`: the raw ASN.1 tree with receipt field names annotated.
struct DumpCommand: ConsoleRunnable {
    static let configuration = CommandConfiguration(
        commandName: "dump",
        abstract: "Print the ASN.1 tree of a receipt with offsets, tags, lengths and field names.",
        discussion: """
            Every element with its byte offset, header length, content length ('inf' for BER indefinite \
            length), tag class and number, constructed or primitive, and a value preview. The receipt payload \
            and each attribute value are opened in place (marked 'encapsulates') and annotated with their \
            verifyReceipt field names. Reads the same input forms as decode; only PKCS#7 receipts have a tree. \
            A damaged input prints every element before the break (one cut short is marked 'truncated'), then \
            the error at its offset, and exits 65; in JSON the tree has an 'error' member.

            \(ExitStatusText.tool)
            """)

    @OptionGroup var output: OutputOptions

    @Argument(help: ArgumentHelp("The receipt; none or - reads standard input.", valueName: "file"))
    var file: String?

    func run(console: any Console) throws(CLIError) -> ExitCode {
        try PerFileLoop.run(file.map { [$0] } ?? [], format: output.format, compact: output.compact, console: console) {
            input throws(CLIError) in
            let result = try Self.read(input)
            guard let tree = result.tree else {
                throw .undecodable(source: input.source, result.failure ?? .container(.asn1(.empty)))
            }
            let text = { () -> String in
                var lines: [String] = []
                Self.render(tree, into: &lines)
                return lines.renderedLines
            }
            guard let failure = result.failure else {
                return FileResult(writeJSON: tree.write, renderText: text, exitCode: .success)
            }
            // A damaged input: what could be read, then the error at its offset (the error document's member).
            let error = ErrorDocument(source: input.source, size: input.bytes.count, .undecodable(source: input.source, failure))
            let write = { (output: inout JSONOutput) in
                output.beginObject()
                tree.writeMembers(to: &output)
                output.key("error")
                error.writeError(to: &output)
                output.endObject()
            }
            return FileResult(
                writeJSON: write, renderText: { text() + error.errorLine + "\n" }, exitCode: error.exitCode,
                diagnostic: error.diagnostic)
        }
    }

    /// What could be read of a PKCS#7 input; other kinds are named in words.
    static func read(_ input: NamedInput) throws(CLIError) -> ASN1DumpResult {
        let unwrapped: ReceiptInput
        do {
            unwrapped = try InputDecoder.decode(input.bytes)
        } catch {
            throw .undecodable(source: input.source, .input(error))
        }
        guard case .pkcs7(let der) = unwrapped.payload else {
            let kind = InputKind(unwrapped.payload).phrase
            throw .undecodable(
                source: input.source, .input(.unrecognised("dump reads PKCS#7 app receipts; this input is \(kind)")))
        }
        return ASN1Dump.read(der: der)
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
        if node.truncated { line += " (truncated)" }
        if let annotation = node.annotation { line += "  ; \(annotation)" }
        lines.append(line)
        for child in node.children { render(child, into: &lines) }
    }
}
