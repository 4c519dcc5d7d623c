/// The field checks of an app receipt, one function each: what the caller asked for, and expiry.
enum ReceiptFieldChecks {
    static let table: [@Sendable (AppReceiptContext) -> VerificationCheck] = [
        bundleID, appVersion, deviceHash, environment, expiration,
    ]

    static func bundleID(_ context: AppReceiptContext) -> VerificationCheck {
        FieldCheck.bundleID(context.policy, label: "bundle_id", actual: context.receipt.bundleID)
    }

    static func appVersion(_ context: AppReceiptContext) -> VerificationCheck {
        FieldCheck.appVersion(context.policy, label: "application_version", actual: context.receipt.applicationVersion)
    }

    static func deviceHash(_ context: AppReceiptContext) -> VerificationCheck {
        DeviceHash.check(context.receipt, deviceID: context.policy.deviceID)
    }

    static func environment(_ context: AppReceiptContext) -> VerificationCheck {
        FieldCheck.environment(context.policy, actual: context.receipt.environment)
    }

    /// Attribute 21, when present, is not before the verification time.
    static func expiration(_ context: AppReceiptContext) -> VerificationCheck {
        guard let expires = context.receipt.expirationDate else {
            return VerificationCheck(.expiration, .pass, "no expiration_date: the receipt does not expire")
        }
        guard let now = context.time else {
            return VerificationCheck(.expiration, .skip, "expiration_date \(expires), but no verification time")
        }
        return VerificationCheck(
            .expiration, now <= expires ? .pass : .fail,
            "expiration_date \(expires) is \(now <= expires ? "not yet reached" : "past") at \(now)")
    }
}
