// A plain `swift build` (make release) builds this target too, without the Testing module on its search path.
#if canImport(Testing)
    public import Testing
#endif

/// What a test needs from the machine (the shared corpus, a program, a built binary), with the reason printed when
/// it is missing. Every test that cannot always run declares one with `.requires(_:)`, so that it is reported as
/// skipped with that reason, never as passed, and scripts/corpus-skips.sh counts it on the run's closing lines.
public struct Requirement: Sendable {
    /// Why the test is skipped when the requirement is not met; say what is missing and how to provide it.
    public let reason: String
    private let check: @Sendable () -> Bool

    /// `isMet` is asked when the test is about to be planned, not when the requirement is declared.
    public init(_ reason: String, isMet: @escaping @Sendable () -> Bool) {
        self.reason = reason
        check = isMet
    }

    public var isMet: Bool { check() }
}

#if canImport(Testing)
    extension Trait where Self == ConditionTrait {
        /// Runs the test or suite only when `requirement` is met, else skips it with the requirement's reason.
        public static func requires(_ requirement: Requirement, sourceLocation: SourceLocation = #_sourceLocation) -> Self {
            .enabled(if: requirement.isMet, Comment(rawValue: requirement.reason), sourceLocation: sourceLocation)
        }
    }
#endif
