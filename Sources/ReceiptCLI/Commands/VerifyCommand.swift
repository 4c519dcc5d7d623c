import ArgumentParser
import ReceiptKit

/// `appreceipt verify`: parse plus every local check; the report is printed whatever the verdict.
struct VerifyCommand: ConsoleRunnable {
    static let configuration = CommandConfiguration(
        commandName: "verify",
        abstract: "Check a receipt's signature, certificate chain, Apple markers and requested fields.",
        discussion: """
            Every check is reported as {id, status: pass|fail|skip|error, detail}; none stops the others.

            TRUST MODEL: The signer is found by issuer and serial; its RSA signature is checked over the payload; \
            the chain must be exactly leaf -> intermediate -> root with Apple's marker OIDs, and pass OpenSSL's \
            RFC 5280 validation (signatures, CA flags, path length, key usage, no unknown critical or \
            unparseable extension), each certificate valid at the verification time, which is the receipt's \
            creation date (attribute 12) unless --at is given; one trust core serves receipts and StoreKit 2 \
            alike. The root is trusted only if its SHA-256 equals the pinned Apple Inc. Root fingerprint, or a \
            --trust-anchor (which replaces the pinned set). Xcode StoreKit-testing data is untrusted unless \
            --allow-xcode, which trusts a lone self-signed signer only on data that says Xcode (for receipts, \
            only Xcode's fixed StoreKit certificate). iOS 6 transaction receipts are checked against their \
            embedded certificate; their chain only with --trust-anchor naming the issuing CA.

            StoreKit 2 signed data (a compact JWS, a notification body, an App Store Server API answer) is \
            checked item by item, nested items included: alg exactly ES256, no crit header parameter \
            (jws.header), x5c leaf -> intermediate -> root pinned to Apple Root CA - G3 (or --trust-anchor), \
            marker OIDs, validity at the payload's signedDate (else the latest nested signedDate that \
            verified), the raw r||s ES256 signature over header.payload; a notification or answer is valid only \
            if every item is, and an item nested more than three levels deep is never examined, so never valid.

            Verdicts: valid (exit 0); invalid, untrusted or unverifiable_here (exit 1); malformed (exit 65).

            EXAMPLES:
              appreceipt verify --bundle-id com.example.app receipt.b64
              appreceipt verify --format text --trust-anchor root.pem --at now receipt.der

            \(ExitStatusText.tool)
            """)

    @OptionGroup var verification: VerificationOptions

    @Option(
        name: .customLong("app-apple-id"), help: ArgumentHelp("StoreKit 2: require this appAppleId.", valueName: "id"))
    var appAppleID: String?

    @OptionGroup var output: StreamOutputOptions

    @Argument(help: ArgumentHelp("Receipts or signed data to verify; none or - reads standard input.", valueName: "file"))
    var files: [String] = []

    func validate() throws { _ = try validating { () throws(CLIError) in try requiredAppAppleID() } }

    func requiredAppAppleID() throws(CLIError) -> Int64? {
        guard let appAppleID else { return nil }
        guard let id = Int64(appAppleID), id > 0 else {
            throw .usage("--app-apple-id needs a positive number, not '\(appAppleID)'")
        }
        return id
    }

    func run(console: any Console) throws(CLIError) -> ExitCode {
        var policy = try verification.policy()
        policy.appAppleID = try requiredAppAppleID()
        return try PerFileLoop.run(
            files, format: output.output.format, compact: output.output.compact, jsonLines: output.jsonl,
            console: console
        ) { input in
            let document = VerifyDocument.verify(source: input.source, bytes: input.bytes, policy: policy)
            if case .malformed(let source, let size, let error) = document {
                // The same error document decode and dump print, with the verdict scripts look for.
                var failure = ErrorDocument(source: source, size: size, .undecodable(source: source, error))
                failure.verdict = .malformed
                return failure.fileResult
            }
            return FileResult(
                writeJSON: { document.write(to: &$0, .commandLine) }, renderText: { VerifyTextRenderer.render(document) },
                exitCode: Self.exitCode(of: document))
        }
    }

    /// 0 for valid, 1 for any other verdict, 65 for input that could not be verified at all.
    static func exitCode(of document: VerifyDocument) -> ExitCode {
        switch document.verdict {
        case .valid: return .success
        case .invalid, .untrusted, .unverifiableHere: return .negative
        case .malformed: return .dataError
        }
    }
}
