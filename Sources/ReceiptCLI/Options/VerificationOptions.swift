import ArgumentParser
import ReceiptKit

/// The options that shape a verification policy, as `verify` and `audit` both take them.
struct VerificationOptions: ParsableArguments {
    @OptionGroup var time: TimeOptions

    @OptionGroup var trust: TrustOptions

    @Option(
        name: .customLong("bundle-id"),
        help: ArgumentHelp("Require this bundle id; repeat it to allow any of several.", valueName: "id"))
    var bundleIDs: [String] = []

    @Option(name: .customLong("app-version"), help: ArgumentHelp("Require this application_version.", valueName: "version"))
    var appVersion: String?

    @Option(
        name: .customLong("device-id"),
        help: ArgumentHelp(
            "Check the device hash with an identifierForVendor UUID (iOS) or MAC address (macOS).", valueName: "uuid|mac"))
    var deviceID: String?

    @Option(
        help: ArgumentHelp(
            "Require this environment (any case); an iOS 6 receipt states none in its signed part, so it is then unverifiable_here.",
            valueName: "Production|Sandbox"))
    var environment: String?

    func validate() throws {
        _ = try validating { () throws(CLIError) in try device() }
        _ = try validating { () throws(CLIError) in try requiredEnvironment() }
    }

    /// The policy these options describe; reads the trust anchors' files.
    func policy() throws(CLIError) -> VerificationPolicy {
        var policy = try trust.policy(at: time)
        policy.bundleIDs = bundleIDs
        policy.appVersion = appVersion
        policy.deviceID = try device()
        policy.environment = try requiredEnvironment()
        return policy
    }

    func device() throws(CLIError) -> DeviceIdentifier? {
        guard let deviceID else { return nil }
        guard let identifier = DeviceIdentifier(deviceID) else {
            throw .usage("--device-id needs a UUID (iOS identifierForVendor) or a MAC address, not '\(deviceID)'")
        }
        return identifier
    }

    /// Any case: `sandbox` and `SANDBOX` mean what Apple spells `Sandbox`.
    func requiredEnvironment() throws(CLIError) -> ReceiptEnvironment? {
        guard let environment else { return nil }
        switch environment.lowercased() {
        case "production": return .production
        case "sandbox": return .sandbox
        default: throw .usage("--environment must be Production or Sandbox (any case), not '\(environment)'")
        }
    }
}
