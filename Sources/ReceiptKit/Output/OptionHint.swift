/// A setting of the caller's interface that a message may point the user at. ReceiptKit knows nothing of argv:
/// it names the setting and the caller (the CLI, or an app using the library) words it through ``OptionNaming``.
public enum OptionHint: Sendable, Equatable, CaseIterable {
    /// Trust Xcode's StoreKit testing certificate (``VerificationPolicy/allowXcode``).
    case allowXcode
    /// Trust a certificate the user supplies (``VerificationPolicy/anchors``).
    case trustAnchor
    /// Check at a given time (``VerificationPolicy/verificationTime``).
    case verificationTime
    /// The term of a non-renewing subscription product.
    case period
    /// Require a bundle id (``VerificationPolicy/bundleIDs``).
    case bundleID
    /// Require an application version (``VerificationPolicy/appVersion``).
    case appVersion
    /// Require an environment (``VerificationPolicy/environment``).
    case environment
    /// Check the device hash (``VerificationPolicy/deviceID``).
    case deviceID
    /// StoreKit 2: the app's Apple id.
    case appAppleID
}

/// How a caller names its settings in messages.
public struct OptionNaming: Sendable {
    /// The caller's name for each setting.
    public let name: @Sendable (OptionHint) -> String

    /// - Parameter name: The caller's name for each setting (the CLI's is `--allow-xcode` and so on).
    public init(_ name: @escaping @Sendable (OptionHint) -> String) {
        self.name = name
    }

    /// The library's own names: the ``VerificationPolicy`` properties and evaluator parameters.
    public static let library = OptionNaming { hint in
        switch hint {
        case .allowXcode: return "allowXcode"
        case .trustAnchor: return "a trust anchor"
        case .verificationTime: return "verificationTime"
        case .period: return "periods"
        case .bundleID: return "bundleIDs"
        case .appVersion: return "appVersion"
        case .environment: return "environment"
        case .deviceID: return "deviceID"
        case .appAppleID: return "appAppleID"
        }
    }
}
