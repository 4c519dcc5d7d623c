/// The field checks of an app receipt, one function each: what the caller asked for, and expiry. Each first
/// fails when an attribute it reads is repeated (``SingularAttributes``), requested or not.
enum ReceiptFieldChecks {
    static let table: [@Sendable (AppReceiptContext) -> VerificationCheck] = [
        bundleID, appVersion, deviceHash, environment, expiration,
    ]

    static func bundleID(_ context: AppReceiptContext) -> VerificationCheck {
        context.ambiguity(.bundleID)
            ?? FieldCheck.bundleID(context.policy, label: "bundle_id", actual: context.receipt.bundleID)
    }

    static func appVersion(_ context: AppReceiptContext) -> VerificationCheck {
        context.ambiguity(.appVersion)
            ?? FieldCheck.appVersion(context.policy, label: "application_version", actual: context.receipt.applicationVersion)
    }

    static func deviceHash(_ context: AppReceiptContext) -> VerificationCheck {
        context.ambiguity(.deviceHash) ?? DeviceHash.check(context.receipt, deviceID: context.policy.deviceID)
    }

    static func environment(_ context: AppReceiptContext) -> VerificationCheck {
        context.ambiguity(.environment) ?? FieldCheck.environment(context.policy, actual: context.receipt.environment)
    }

    /// Attribute 21, when present, is not before the verification time. Absent or empty (Apple writes empty
    /// dates) means the receipt does not expire; present but unreadable fails, because "does not expire" would
    /// be the one reading that can never be wrong for a forger.
    static func expiration(_ context: AppReceiptContext) -> VerificationCheck {
        if let ambiguous = context.ambiguity(.expiration) { return ambiguous }
        let expires: Timestamp
        switch expirationDate(context.receipt) {
        case .success(nil):
            return VerificationCheck(.expiration, .pass, "no expiration_date: the receipt does not expire")
        case .success(let date?): expires = date
        case .failure(let problem): return VerificationCheck(.expiration, .fail, "\(problem.description)")
        }
        guard let now = context.time else {
            return VerificationCheck(.expiration, .skip, "expiration_date \(expires), but no verification time")
        }
        return VerificationCheck(
            .expiration, now <= expires ? .pass : .fail,
            "expiration_date \(expires) is \(now <= expires ? "not yet reached" : "past") at \(now)")
    }

    /// The expiry instant, nil when attribute 21 is absent or empty, or why it cannot be read.
    static func expirationDate(_ receipt: Receipt) -> Result<Timestamp?, ProblemText> {
        if let expires = receipt.expirationDate { return .success(expires) }
        let type = AppField.expirationDate.rawValue
        guard let attribute = receipt.attributes.firstRecord(ofType: type).map(receipt.attributes.attribute),
            let field = ReceiptField.appFields[type]
        else { return .success(nil) }
        switch AttributeSet.decode(attribute, as: field) {
        case .success(nil): return .success(nil)
        case .success(.date(let raw, _)):
            var reason = "not a date"
            do throws(ReceiptDateParser.Failure) { _ = try ReceiptDateParser.parse(raw) } catch { reason = error.reason }
            return .failure(
                ProblemText("expiration_date at offset \(attribute.offset) holds \"\(raw)\", which is not a date: \(reason)"))
        case .success(let other):
            return .failure(
                ProblemText("expiration_date at offset \(attribute.offset) holds \(other.map { "\($0)" } ?? "nothing")"))
        case .failure(let problem):
            return .failure(ProblemText("expiration_date at offset \(attribute.offset) cannot be read: \(problem.text)"))
        }
    }
}
