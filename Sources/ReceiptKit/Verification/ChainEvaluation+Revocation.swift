extension ChainEvaluation {
    /// `chain.revocation` when the caller asked for online checks (a ``RevocationChecker`` in the policy), nil
    /// otherwise, so an offline report never carries it. Only a chain that verified to a trusted anchor is asked
    /// about: a responder's word on a certificate the chain checks already refused adds nothing.
    func revocation(_ checker: RevocationChecker?) -> VerificationCheck? {
        guard let checker else { return nil }
        guard anchor != nil, !checks.contains(where: \.isProblem) else {
            return VerificationCheck(
                .chainRevocation, .skip, "not asked: the chain does not verify to a trusted anchor (see the chain checks)")
        }
        return checker.check(path: certificates)
    }
}
