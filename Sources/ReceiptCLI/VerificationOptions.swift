import ReceiptKit

/// Turns verification options into a policy; shared by the commands that verify.
enum VerificationOptions {
    /// The options that shape a policy, as `verify` and `audit` both take them; `at`, `bundleID` and `deviceID`
    /// are each command's own wording of what the time and those ids do there.
    static func specs(at: String, bundleID: String, deviceID: String) -> [OptionSpec] {
        [
            .value("at", "TIME|now", at),
            .value(
                "trust-anchor", "FILE", repeatable: true,
                "Trust this certificate (PEM, DER or base64) instead of the pinned Apple roots (receipts and StoreKit 2)."),
            .flag(
                "allow-xcode", "Trust StoreKit Testing's self-signed signer on data that says Xcode (receipts: the fixed one)."),
            .value("bundle-id", "ID", repeatable: true, bundleID),
            .value("app-version", "VERSION", "Require this application_version."),
            .value("device-id", "UUID|MAC", deviceID),
            .value("environment", "Production|Sandbox", "Require this environment (any case)."),
        ]
    }

    static func policy(from arguments: ParsedArguments, command: String) throws(CLIError) -> VerificationPolicy {
        var policy = VerificationPolicy()
        if let at = try TimeAndPeriodOptions.time(arguments, command: command) {
            policy.verificationTime = at.time
            policy.verificationTimeSource = at.source
        }
        let anchorFiles = arguments.all("trust-anchor")
        if !anchorFiles.isEmpty {
            var anchors: [TrustAnchor] = []
            for path in anchorFiles {
                let bytes = try FileReader.read(path: path)
                do throws(CertificateLoadError) {
                    anchors += try X509Certificate.load(bytes).map { TrustAnchor(certificate: $0, source: path) }
                } catch {
                    throw .failure("--trust-anchor \(path): \(error)", .dataError)
                }
            }
            policy.anchors = anchors
            policy.jwsAnchors = anchors
        }
        // Signed data without a date of its own is checked at the time of the run, as Apple's library does; the
        // report says so. Genuine App Store data always carries signedDate, so only such payloads see the clock.
        policy.currentTime = TimeAndPeriodOptions.now()
        if let text = arguments.value("app-apple-id") {
            guard let id = Int64(text), id > 0 else {
                throw .usage("--app-apple-id needs a positive number, not '\(text)'", command: command)
            }
            policy.appAppleID = id
        }
        policy.allowXcode = arguments.has("allow-xcode")
        policy.bundleIDs = arguments.all("bundle-id")
        policy.appVersion = arguments.value("app-version")
        if let device = arguments.value("device-id") {
            guard let identifier = DeviceIdentifier(device) else {
                throw .usage(
                    "--device-id needs a UUID (iOS identifierForVendor) or a MAC address, not '\(device)'", command: command)
            }
            policy.deviceID = identifier
        }
        if let environment = arguments.value("environment") {
            // Any case: `sandbox` and `SANDBOX` mean what Apple spells `Sandbox`.
            switch environment.lowercased() {
            case "production": policy.environment = .production
            case "sandbox": policy.environment = .sandbox
            default:
                throw .usage("--environment must be Production or Sandbox (any case), not '\(environment)'", command: command)
            }
        }
        return policy
    }
}
