/// Which of Apple's two App Store Server API hosts to ask.
package enum AppStoreServerAPIEnvironment: String, Sendable, CaseIterable {
    case production = "Production"
    case sandbox = "Sandbox"

    /// Apple's base URL for the environment.
    package var appleURL: String {
        switch self {
        case .production: return "https://api.storekit.itunes.apple.com"
        case .sandbox: return "https://api.storekit-sandbox.itunes.apple.com"
        }
    }

    /// What `--environment` asks for: one environment, or production then sandbox when production has not
    /// heard of the id (Apple's advice when the environment is not known).
    package enum Choice: String, Sendable {
        case production
        case sandbox
        case auto

        /// The environments to try, in order.
        package var order: [AppStoreServerAPIEnvironment] {
            switch self {
            case .production: return [.production]
            case .sandbox: return [.sandbox]
            case .auto: return [.production, .sandbox]
            }
        }
    }
}
