import ReceiptKit

extension OptionNaming {
    /// The command line's flags, for messages ReceiptKit words with an ``OptionHint``.
    static let commandLine = OptionNaming { hint in
        switch hint {
        case .allowXcode: return "--allow-xcode"
        case .trustAnchor: return "--trust-anchor"
        case .verificationTime: return "--at"
        case .period: return "--period"
        case .bundleID: return "--bundle-id"
        case .appVersion: return "--app-version"
        case .environment: return "--environment"
        case .deviceID: return "--device-id"
        case .appAppleID: return "--app-apple-id"
        }
    }
}
