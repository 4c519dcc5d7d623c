package import ReceiptKit

/// One signed item of an App Store Server API answer, verified, as the client hands it over while the pages
/// arrive: where it came from and its report.
package struct AppStoreServerAPIItem: Sendable {
    /// The environment that answered.
    package let environment: AppStoreServerAPIEnvironment
    /// 1 for the first answer, 2 for the page that followed it ...
    package let page: Int
    /// The item's decoding and checks (nested items included).
    package let report: SignedDataReport
    /// What the answer says beside the item, unsigned (a notification's `sendAttempts`); nil when nothing.
    package let beside: JSONValue?
}

/// What a call came to once its last page was read (or the limit stopped it).
package struct AppStoreServerAPIOutcome: Sendable {
    package let environment: AppStoreServerAPIEnvironment
    /// The environments asked, in order (production then sandbox under `auto`).
    package let asked: [AppStoreServerAPIEnvironment]
    package let pages: Int
    package let items: Int
    /// True when Apple has more than was read (`--limit` or the page bound stopped the reading).
    package let hasMore: Bool
    /// The last page's body without its signed items (unsigned: revision, bundleId, a test notification token).
    package let lastAnswer: JSONValue
    /// The last page as received, signed items and all (for a reader of whole answers, such as `subscriptions`).
    package let lastPage: JSONValue
    /// Every request made, for the report; never a token.
    package let exchanges: [AppStoreServerAPIExchange]
}

/// One HTTP request made for a call.
package struct AppStoreServerAPIExchange: Sendable {
    package let environment: AppStoreServerAPIEnvironment
    package let method: String
    package let path: String
    /// The HTTP status, nil when none arrived.
    package let httpStatus: Int?
    /// Apple's error code in the body of an error answer.
    package let errorCode: Int64?
    /// Why the attempt did not count, when it did not.
    package let problem: String?
}
