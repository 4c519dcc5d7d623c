/// The requested field checks both verifiers share: a value must be one of the expected ones.
enum FieldCheck {
    /// Skips when nothing was requested (`option` names the flag to request it), else passes or fails.
    static func check(_ id: String, _ label: String, actual: String?, accepted: [String], option: String) -> VerificationCheck {
        guard !accepted.isEmpty else { return VerificationCheck(id, .skip, "not requested (\(option))") }
        if let actual, accepted.contains(actual) {
            return VerificationCheck(id, .pass, "\(label) \(actual) is expected")
        }
        return VerificationCheck(id, .fail, "\(label) \(actual ?? "(absent)") is not \(accepted.joined(separator: " or "))")
    }

    /// The bundle id, version and environment checks of a policy, for values read off any kind of receipt.
    static func requested(
        by policy: VerificationPolicy, bundleID: (label: String, value: String?), version: (label: String, value: String?),
        environment: ReceiptEnvironment
    ) -> (bundle: VerificationCheck, version: VerificationCheck, environment: VerificationCheck) {
        (
            check(CheckID.bundleID, bundleID.label, actual: bundleID.value, accepted: policy.bundleIDs, option: "--bundle-id"),
            check(
                CheckID.appVersion, version.label, actual: version.value, accepted: policy.appVersion.map { [$0] } ?? [],
                option: "--app-version"),
            check(
                CheckID.environment, "environment", actual: environment.rawValue,
                accepted: policy.environment.map { [$0.rawValue] } ?? [], option: "--environment")
        )
    }
}
