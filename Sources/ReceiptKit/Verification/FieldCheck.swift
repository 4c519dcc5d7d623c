/// The requested field checks both verifiers share: a value must be one of the expected ones.
enum FieldCheck {
    /// Skips when nothing was requested (`option` is the setting that requests it), else passes or fails; values
    /// compare as bytes (``ExactString``).
    static func check(_ id: CheckID, _ label: String, actual: String?, accepted: [String], option: OptionHint)
        -> VerificationCheck
    {
        guard !accepted.isEmpty else { return VerificationCheck(id, .skip, notRequested(option)) }
        if let actual, accepted.containsBytes(of: actual) {
            return VerificationCheck(id, .pass, "\(label) \(actual) is expected")
        }
        return VerificationCheck(id, .fail, "\(label) \(actual ?? "(absent)") is not \(accepted.joined(separator: " or "))")
    }

    static func bundleID(_ policy: VerificationPolicy, label: String, actual: String?) -> VerificationCheck {
        check(.bundleID, label, actual: actual, accepted: policy.bundleIDs, option: .bundleID)
    }

    static func appVersion(_ policy: VerificationPolicy, label: String, actual: String?) -> VerificationCheck {
        check(.appVersion, label, actual: actual, accepted: policy.appVersion.map { [$0] } ?? [], option: .appVersion)
    }

    static func environment(_ policy: VerificationPolicy, actual: ReceiptEnvironment) -> VerificationCheck {
        check(
            .environment, "environment", actual: actual.rawValue, accepted: policy.environment.map { [$0.rawValue] } ?? [],
            option: .environment)
    }

    /// `not requested (OPTION)`, made once per option: each check nobody asked for says it, for every item.
    static func notRequested(_ option: OptionHint) -> Message {
        notRequestedMessages[option] ?? "not requested (\(option: option))"
    }

    private static let notRequestedMessages = Dictionary(
        uniqueKeysWithValues: OptionHint.allCases.map { option -> (OptionHint, Message) in
            (option, "not requested (\(option: option))")
        })
}
