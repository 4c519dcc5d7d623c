/// The local trust decision for one StoreKit 2 compact JWS (a transaction, renewal info, AppTransaction or
/// notification payload): algorithm, x5c chain to a pinned anchor at the payload's `signedDate`, Apple's
/// marker OIDs, the ES256 signature and the requested payload fields. Every check is reported; none stops the
/// others. Nested signed items are not looked at here (``SignedDataVerifier`` walks them).
package struct JWSVerifier: Sendable {
    package let policy: VerificationPolicy
    let linkCache: LinkSignatureCache

    package init(policy: VerificationPolicy, linkCache: LinkSignatureCache = .shared) {
        self.policy = policy
        self.linkCache = linkCache
    }

    /// Verifies `jws`. `expected` is the kind its position implies (a `signedRenewalInfo` key), used only
    /// when the payload's fields do not say.
    ///
    /// `nestedSignedTime` is the latest `signedDate` of the items nested in this one that verified: the time to
    /// check at when the payload has no `signedDate` of its own (early notifications) and `--at` is not given.
    package func verify(
        _ jws: CompactJWS, expected: SignedDataKind? = nil, nestedSignedTime: (time: Timestamp, path: String)? = nil
    ) -> VerificationReport {
        let facts = SignedPayloadFacts(jws.storeKit(expected: expected))
        let (time, timeSource) = verificationTime(facts, nestedSignedTime: nestedSignedTime)
        // What follows from the header's bytes alone was worked out once for its segment (ParsedJWSHeader).
        let parsed = jws.parsedHeader
        let algorithm = parsed.algorithmCheck ?? Self.algorithmCheck(jws.header)
        // Room for every check at once, instead of growing the list twice per item.
        var checks: [VerificationCheck] = []
        checks.reserveCapacity(16)
        checks.append(algorithm)
        checks.append(parsed.headerCheck ?? JWSHeaderCheck.check(jws.header))
        var anchor: TrustAnchor? = nil
        var roles: [VerificationReport.CertificateRole] = []
        if let leaf = jws.certificates.first {
            let chain = ChainEvaluator(policy: .storeKit2(policy, environment: facts.environment?.value), linkCache: linkCache)
                .evaluate(leaf: leaf, embedded: jws.certificates, time: time)
            // The header's own x5c format comes first; the path's shape decides jws.x5c when that holds.
            checks.append(parsed.x5cFormatProblem ?? chain.checks[0])
            checks += chain.checks.dropFirst()
            checks.append(
                chain.validity(time: time, source: timeSource, missingTime: Self.missingTime))
            if let revocation = chain.revocation(policy.revocation) { checks.append(revocation) }
            anchor = chain.anchor
            roles = chain.roles
        } else {
            checks.append(Self.missingX5C(jws.header))
            for id in CheckID.chainChecks where CheckID.jwsChecks.contains(id) {
                checks.append(VerificationCheck(id, .skip, "no x5c certificates to build a chain from"))
            }
        }
        checks.append(Self.signatureCheck(jws, algorithmAccepted: algorithm.status == .pass))
        checks += fieldChecks(facts)
        return VerificationReport(
            checks: checks, warnings: [], time: time, timeSource: timeSource, anchor: anchor, certificates: roles)
    }

    /// Made once, not per item: it is passed to every `chain.validity` and shown only when there is no time.
    private static let missingTime: Message =
        "no verification time: the payload has no signedDate and \(option: .verificationTime) was not given"

    private static func missingX5C(_ header: JWSHeader) -> VerificationCheck {
        switch header.certificateChain {
        case .absent:
            let keys = header.parameterNames.joined(separator: ", ")
            return VerificationCheck(
                .jwsX5c, .fail,
                "the header has no x5c (its keys: \(keys)); StoreKit 2 signed data carries its certificate chain there")
        case .wrongType(let value) where value.arrayValue == nil:
            return VerificationCheck(.jwsX5c, .fail, "the header's x5c is not an array")
        case .value, .wrongType:
            return VerificationCheck(.jwsX5c, .fail, "the header's x5c is an empty list")
        }
    }

    /// A failing `jws.x5c` when an entry is not standard padded base64 (RFC 7515 §4.1.6: not base64url).
    static func x5cFormatProblem(_ header: JWSHeader) -> VerificationCheck? {
        // The certificates decoded, so x5c is a list of strings here.
        let entries = header.certificateChain.value ?? []
        let nonStandard = entries.indices.filter { !isStandardBase64(entries[$0]) }
        guard !nonStandard.isEmpty else { return nil }
        return VerificationCheck(
            .jwsX5c, .fail,
            "x5c entr\(nonStandard.count == 1 ? "y" : "ies") \(nonStandard.map(String.init).joined(separator: ", ")) "
                + "are not standard padded base64 of DER (RFC 7515 §4.1.6)")
    }

    /// Standard base64 with padding: the alphabet, `=` only at the end, whole quads.
    static func isStandardBase64(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            guard !bytes.isEmpty, bytes.count % 4 == 0 else { return false }
            var end = bytes.count
            while end > 0, bytes[end - 1] == UInt8(ascii: "="), bytes.count - end < 2 { end -= 1 }
            // One table lookup per byte: this runs over every x5c entry (several kilobytes) of every item.
            return standardAlphabet.withUnsafeBufferPointer { table in
                var plain: UInt8 = 1
                for index in 0..<end { plain &= table[Int(bytes[index])] }
                return plain == 1
            }
        }
    }

    /// 1 for the 64 characters of the standard base64 alphabet, 0 for every other byte.
    private static let standardAlphabet: [UInt8] = {
        var table = [UInt8](repeating: 0, count: 256)
        for byte in "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8 { table[Int(byte)] = 1 }
        return table
    }()

    /// `--at` first; then the payload's own date (Apple's library validates offline at `signedDate`); then, for
    /// payloads without one, the caller's current time, as Apple's library does.
    private func verificationTime(_ facts: SignedPayloadFacts, nestedSignedTime: (time: Timestamp, path: String)?)
        -> (Timestamp?, TimeSource)
    {
        if let time = policy.verificationTime { return (time, policy.verificationTimeSource) }
        if let signed = facts.signedTime { return (signed.value, .payload(signed.path)) }
        if let nested = nestedSignedTime { return (nested.time, .payload("nested signedDate at \(nested.path)")) }
        if let now = policy.currentTime { return (now, .payload("now (the payload has no signedDate)")) }
        return (nil, .payload("none (the payload has no signedDate)"))
    }

    /// Exactly `ES256`. A verifier that lets the header choose can be handed `none`, or HS256 keyed with the
    /// leaf's public key, and accept a forgery; so every other value fails and nothing else is tried.
    static func algorithmCheck(_ header: JWSHeader) -> VerificationCheck {
        switch header.algorithm {
        case .value("ES256"):
            return VerificationCheck(CheckID.jwsAlgorithm, .pass, "alg is ES256 (ECDSA P-256 with SHA-256)")
        case .value(let other):
            let why: String
            switch other.uppercased() {
            case "NONE": why = "an unsigned token"
            case let name where name.hasPrefix("HS"): why = "an HMAC, whose key would have to be public (algorithm confusion)"
            case let name where name.hasPrefix("RS") || name.hasPrefix("PS"): why = "an RSA algorithm"
            default: why = "not what Apple signs with"
            }
            return VerificationCheck(CheckID.jwsAlgorithm, .fail, "alg is \"\(other)\", \(why); only ES256 is accepted")
        case .absent:
            return VerificationCheck(CheckID.jwsAlgorithm, .fail, "the header has no alg; only ES256 is accepted")
        case .wrongType(let value):
            return VerificationCheck(CheckID.jwsAlgorithm, .fail, "alg is not a string (\(value)); only ES256 is accepted")
        }
    }

    /// The ES256 signature over `header.payload` with the leaf's key. Under any other algorithm nothing is
    /// checked at all: `jws.algorithm` has already failed, and trying the header's choice is the attack.
    static func signatureCheck(_ jws: CompactJWS, algorithmAccepted: Bool) -> VerificationCheck {
        guard algorithmAccepted else {
            return VerificationCheck(CheckID.jwsSignature, .skip, "not checked: the header's alg is not ES256")
        }
        guard let leaf = jws.certificates.first else {
            return VerificationCheck(CheckID.jwsSignature, .skip, "no x5c leaf certificate to take the key from")
        }
        let signature = jws.signature
        if signature.count != ECDSASignatureVerifier.es256SignatureLength {
            let looksDER = signature.first == 0x30 && signature.count >= 8 && Int(signature[1]) == signature.count - 2
            return VerificationCheck(
                CheckID.jwsSignature, .fail,
                looksDER
                    ? "the signature is \(signature.count) bytes of DER (SEQUENCE of r and s); JWS ES256 is the raw "
                        + "64-byte r || s (RFC 7518 §3.4)"
                    : "the signature is \(signature.count) bytes; an ES256 signature is 64 (r || s)")
        }
        let outcome =
            jws.signingInputSHA256.map { ECDSASignatureVerifier.verifyES256(signature: signature, sha256: $0, certificate: leaf) }
            ?? ECDSASignatureVerifier.verifyES256(signature: signature, over: jws.signingInput, certificate: leaf)
        let bytes = jws.signingInput.count
        switch outcome {
        case .valid:
            // One interpolation: this message is made for every signed item.
            return VerificationCheck(
                CheckID.jwsSignature, .pass, "ES256 signature verifies over header.payload (\(bytes) bytes) with the leaf's key")
        case .mismatch(let reason):
            let over = "header.payload (\(bytes) bytes)"
            return VerificationCheck(
                CheckID.jwsSignature, .fail,
                "the ES256 signature does not match \(over)" + (reason.map { " (\($0))" } ?? "")
                    + ": the header or payload was altered, or another key signed it")
        case .unverifiable(let error):
            return VerificationCheck(CheckID.jwsSignature, .error, "OpenSSL could not check the ES256 signature here: \(error)")
        }
    }

    private func fieldChecks(_ facts: SignedPayloadFacts) -> [VerificationCheck] {
        var checks: [VerificationCheck] = []
        if !policy.bundleIDs.isEmpty, facts.bundleID == nil, facts.kind == .renewalInfo {
            checks.append(
                VerificationCheck(
                    CheckID.payloadBundleID, .skip, "renewal info carries no bundleId (Apple checks only its environment)"))
        } else {
            checks.append(
                FieldCheck.check(
                    CheckID.payloadBundleID, facts.bundleID?.path ?? "bundleId", actual: facts.bundleID?.value,
                    accepted: policy.bundleIDs, option: .bundleID))
        }
        checks.append(
            FieldCheck.check(
                CheckID.payloadEnvironment, facts.environment?.path ?? "environment", actual: facts.environment?.value.rawValue,
                accepted: policy.environment.map { [$0.rawValue] } ?? [], option: .environment))
        checks.append(appAppleIDCheck(facts))
        return checks
    }

    /// Transactions and renewal infos carry no app Apple id; Apple sets it on notifications and AppTransactions
    /// in production only, so its absence fails only there.
    private func appAppleIDCheck(_ facts: SignedPayloadFacts) -> VerificationCheck {
        guard let wanted = policy.appAppleID else {
            return VerificationCheck(CheckID.payloadAppAppleID, .skip, FieldCheck.notRequested(.appAppleID))
        }
        if let found = facts.appAppleID {
            return VerificationCheck(
                CheckID.payloadAppAppleID, found.value == wanted ? .pass : .fail,
                "\(found.path) \(found.value) \(found.value == wanted ? "is expected" : "is not \(wanted)")")
        }
        if facts.kind == .transaction || facts.kind == .renewalInfo {
            return VerificationCheck(
                CheckID.payloadAppAppleID, .skip,
                "a \(facts.kind == .transaction ? "transaction" : "renewal info") carries no appAppleId")
        }
        if facts.environment?.value == .production {
            return VerificationCheck(
                CheckID.payloadAppAppleID, .fail, "appAppleId is absent, which Apple never does in production")
        }
        return VerificationCheck(
            CheckID.payloadAppAppleID, .skip,
            "appAppleId is absent, which Apple allows outside production (environment \(facts.environment?.value.rawValue ?? "absent"))"
        )
    }
}
