import ArgumentParser
import ReceiptKit

/// `appreceipt decode`: parse and print everything, no trust decision.
struct DecodeCommand: ConsoleRunnable {
    static let configuration = CommandConfiguration(
        commandName: "decode",
        abstract: "Parse a receipt and print every field, certificate and container detail.",
        discussion: """
            Accepts base64 (standard or URL-safe, any whitespace, padding optional), raw DER, a verifyReceipt \
            request body {"receipt-data": "..."} and base64 of base64. App receipts (App Store, sandbox, Xcode), \
            iOS 6 transaction receipts and StoreKit 2 JWS are recognised and named. No trust decision is made: \
            use 'verify' for that. The receipt object uses Apple's verifyReceipt names and types; values Apple's \
            JSON lacks are under product_type, opaque_value, sha1_hash, age_rating and unknown_attributes.

            With several FILEs the JSON output is an array with one document (or error) per file, in order; \
            --jsonl prints one compact document per line instead, whatever the number of FILEs. A FILE that \
            cannot be read or decoded gives {input: {source}, error: {message, exit_code, offset}} in its place.

            \(ExitStatusText.tool)
            """)

    @OptionGroup var output: StreamOutputOptions

    @Argument(help: ArgumentHelp("Receipts to decode; none or - reads standard input.", valueName: "file"))
    var files: [String] = []

    func run(console: any Console) throws(CLIError) -> ExitCode {
        try PerFileLoop.run(
            files, format: output.output.format, compact: output.output.compact, jsonLines: output.jsonl,
            console: console
        ) { input throws(CLIError) in
            let document: DecodeDocument
            do throws(DecodeError) {
                document = try DecodeDocument(source: input.source, bytes: input.bytes)
            } catch {
                throw .undecodable(source: input.source, error)
            }
            return FileResult(
                writeJSON: document.write, renderText: { DecodeTextRenderer.render(document) }, exitCode: .success)
        }
    }
}
