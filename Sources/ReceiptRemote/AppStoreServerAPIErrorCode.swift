/// An `errorCode` of an App Store Server API error answer (`{"errorCode": 4040010, "errorMessage": "..."}`), in
/// Apple's words ("Error codes" in the App Store Server API documentation), with what the client does about it.
package struct AppStoreServerAPIErrorCode: Sendable, Equatable, CustomStringConvertible {
    package let code: Int64

    package init(_ code: Int64) { self.code = code }

    /// `4000006 invalid transaction id`; an undocumented code says so.
    package var description: String { "\(code) \(Self.meanings[code]?.words ?? "undocumented error code")" }

    /// Apple says the same request may succeed later (the `...Retryable` errors, 429's 4290000).
    package var isRetryable: Bool { Self.meanings[code]?.retryable ?? false }

    /// "Not found" for this environment: what makes `auto` ask the sandbox after production.
    package var isNotFound: Bool { Self.notFound.contains(code) }

    private static let notFound: Set<Int64> = [4_040_001, 4_040_003, 4_040_005, 4_040_010, 4_040_019]

    private static let meanings: [Int64: (words: String, retryable: Bool)] = [
        4_000_000: ("general bad request", false),
        4_000_002: ("invalid app identifier", false),
        4_000_005: ("invalid request revision", false),
        4_000_006: ("invalid transaction id", false),
        4_000_008: ("invalid original transaction id", false),
        4_000_012: ("start date too far in the past", false),
        4_000_013: ("start date after end date", false),
        4_000_014: ("invalid pagination token", false),
        4_000_015: ("invalid start date", false),
        4_000_016: ("invalid end date", false),
        4_000_017: ("pagination token expired", false),
        4_000_018: ("invalid notification type or subtype", false),
        4_000_019: ("multiple filters supplied", false),
        4_000_020: ("invalid test notification token", false),
        4_000_021: ("invalid sort", false),
        4_000_022: ("invalid product type", false),
        4_000_023: ("invalid product id", false),
        4_000_024: ("invalid subscription group identifier", false),
        4_000_026: ("invalid in-app ownership type", false),
        4_000_030: ("invalid revoked value", false),
        4_000_031: ("invalid status", false),
        4_040_001: ("account not found", false),
        4_040_002: ("account not found (retryable)", true),
        4_040_003: ("app not found", false),
        4_040_004: ("app not found (retryable)", true),
        4_040_005: ("original transaction id not found", false),
        4_040_006: ("original transaction id not found (retryable)", true),
        4_040_007: ("server notification URL not found", false),
        4_040_008: ("test notification not found", false),
        4_040_009: ("status request not found", false),
        4_040_010: ("transaction id not found", false),
        4_040_019: ("app transaction does not exist", false),
        4_290_000: ("rate limit exceeded", true),
        5_000_000: ("general internal error", false),
        5_000_001: ("general internal error (retryable)", true),
    ]
}
