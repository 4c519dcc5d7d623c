import ReceiptKit

/// `appreceipt verify`: parse plus every local check; the report is printed whatever the verdict.
enum VerifyCommand: Subcommand {
    static let name = "verify"
    static let abstract = "Check a receipt's signature, certificate chain, Apple markers and requested fields."
    static let usage =
        "[--at TIME|now] [--trust-anchor FILE ...] [--allow-xcode] [--bundle-id ID ...] [--app-version V] [--device-id UUID|MAC] [--environment Production|Sandbox] [--format json|text] [FILE ...]"
    static let discussion = """
        Every check is reported as {id, status: pass|fail|skip|error, detail}; none stops the others.
        The signer is found by issuer and serial; its RSA signature is checked over the payload; the chain
        must be exactly leaf -> intermediate -> root with Apple's marker OIDs, CA flags and key usage, each
        certificate valid at the verification time, which is the receipt's creation date (attribute 12)
        unless --at is given. The root is trusted only if its SHA-256 equals the pinned Apple Inc. Root
        fingerprint, or a --trust-anchor (which replaces the pinned set). Xcode StoreKit-testing receipts
        are untrusted unless --allow-xcode. iOS 6 transaction receipts are checked against their embedded
        certificate; their chain only with --trust-anchor naming the issuing CA.
        Verdicts: valid (exit 0); invalid, untrusted or unverifiable_here (exit 1); malformed (exit 65).
        """
    static let options: [OptionSpec] = [
        .value("at", "TIME|now", "Check certificates at this RFC 3339 time (or now) instead of the receipt's creation date."),
        .value("trust-anchor", "FILE", repeatable: true, "Trust this certificate (PEM, DER or base64) instead of the pinned Apple root."),
        .flag("allow-xcode", "Trust the fixed StoreKit testing certificate for Xcode receipts."),
        .value("bundle-id", "ID", repeatable: true, "Require this bundle id (any of several)."),
        .value("app-version", "VERSION", "Require this application_version."),
        .value("device-id", "UUID|MAC", "Check the device hash with an identifierForVendor UUID (iOS) or MAC address (macOS)."),
        .value("environment", "Production|Sandbox", "Require this environment."),
        CommonOptions.format, CommonOptions.compact,
    ]

    static func run(_ arguments: ParsedArguments, console: any Console) throws(CLIError) -> ExitCode {
        let format = try OutputFormat.from(arguments, command: name)
        let policy = try VerificationOptions.policy(from: arguments, command: name)
        let inputs = console.readInputs(arguments.positionals)
        var documents: [JSONValue] = []
        var worst = ExitCode.success
        for (path, input) in zip(arguments.positionals.isEmpty ? ["-"] : arguments.positionals, inputs) {
            let named: NamedInput
            do throws(CLIError) {
                named = try input.get()
            } catch {
                if inputs.count == 1 { throw error }
                console.writeError("appreceipt: error: \(error)\n")
                worst = max(worst, error.exitCode)
                documents.append(
                    .object([
                        "input": .object(["source": .string(path)]),
                        "error": .object([
                            "message": .string(error.description), "exit_code": .integer(Int(error.exitCode.rawValue)),
                        ]),
                    ]))
                continue
            }
            let (document, code) = verify(named, policy: policy, console: console)
            documents.append(document)
            worst = max(worst, code)
            if format == .text { try console.writeText(VerifyTextRenderer.render(document) + (inputs.count > 1 ? "\n" : "")) }
        }
        if format == .json {
            try console.writeJSON(documents.count == 1 ? documents[0] : .array(documents), compact: arguments.has("compact"))
        }
        return worst
    }

    /// The report document for one input and the exit status it implies.
    static func verify(_ input: NamedInput, policy: VerificationPolicy, console: any Console) -> (JSONValue, ExitCode) {
        let unwrapped: ReceiptInput
        let document: ReceiptDecoder.Document
        do {
            (unwrapped, document) = try ReceiptDecoder.decode(input.bytes)
        } catch {
            console.writeError("appreceipt: error: \(input.source): \(error)\n")
            var failure: [String: JSONValue] = ["message": .string(error.description)]
            if let offset = error.offset { failure["offset"] = .integer(offset) }
            return (
                .object([
                    "format_version": .integer(DecodeReport.formatVersion), "verdict": .string(Verdict.malformed.rawValue),
                    "input": .object(["source": .string(input.source), "size": .integer(input.bytes.count)]),
                    "error": .object(failure),
                ]), .dataError
            )
        }
        let report: VerificationReport
        switch document {
        case .appReceipt(let receipt): report = ReceiptVerifier(policy: policy).verify(receipt)
        case .transactionReceipt(let transaction): report = ReceiptVerifier(policy: policy).verify(transaction)
        case .jws:
            console.writeError(
                "appreceipt: error: \(input.source): StoreKit 2 JWS is recognised but its verification is not part of verify yet; use decode to read it\n"
            )
            return (DecodeReport.json(source: input.source, input: unwrapped, document: document), .dataError)
        }
        var object =
            DecodeReport.json(source: input.source, input: unwrapped, document: document, includeContainer: false).objectValue
            ?? [:]
        // Decoding remarks join the date-sanity warnings, so one list says everything odd.
        let decodeWarnings = (object["warnings"]?.arrayValue ?? []).map {
            JSONValue.object(["id": .string("decode"), "detail": $0])
        }
        object.merge(report.json) { _, verification in verification }
        object["warnings"] = .array(decodeWarnings + (object["warnings"]?.arrayValue ?? []))
        return (.object(object), report.verdict == .valid ? .success : .negative)
    }
}
