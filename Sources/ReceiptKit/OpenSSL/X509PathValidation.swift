internal import COpenSSL

/// One run of OpenSSL's RFC 5280 path validation (`X509_verify_cert`) over a path the caller already chose.
///
/// The store holds only the given trusted certificates (the anchors in force, never the system store), the
/// untrusted list only the rest of the path, the purpose is any and the time is the verification time. A verify
/// callback records every error with the certificate and depth it is about and lets verification go on, so one
/// run yields every finding and each chain check can report its own. Certificates of the path that OpenSSL's
/// chain builder did not reach (it refuses an issuer whose names, key identifiers or key usage do not fit, or a
/// certificate with a malformed extension) get OpenSSL's per-certificate verdicts instead (`X509_check_issued`,
/// `X509_check_ca`, the extension flags), so nothing on the path goes unchecked.
struct X509PathValidation: Sendable {
    /// What OpenSSL found wrong, grouped by the rule it breaks.
    enum Problem: Sendable, Equatable {
        /// No trusted certificate completes the chain (OpenSSL's "unable to get issuer", "self-signed in chain").
        case untrusted
        case signature
        case notYetValid
        case expired
        case unreadableTime
        /// An issuer that is not a CA, or a CA flag where OpenSSL allows none.
        case notCA
        case pathLength
        /// An issuer whose key usage lacks keyCertSign.
        case keyCertSign
        /// An extension marked critical that OpenSSL does not implement (RFC 5280 §4.2: the certificate must be
        /// rejected).
        case unhandledCriticalExtension
        /// An extension OpenSSL could not parse (EXFLAG_INVALID).
        case malformedExtension
        /// Issuer and subject do not fit by name or key identifier.
        case issuerMismatch
        case other
    }

    struct Finding: Sendable {
        /// The certificate the finding is about, nil when OpenSSL named none of the given ones.
        let certificate: X509Certificate?
        let problem: Problem
        /// OpenSSL's text, e.g. "unhandled critical extension".
        let reason: String
    }

    /// The chain OpenSSL built, leaf first.
    let chain: [X509Certificate]
    let findings: [Finding]
    /// False when `X509_verify_cert` stopped on an internal error, so that nothing it did not report is vouched for.
    let completed: Bool

    /// Validates `path` (leaf first) with `trusted` as the only trust anchors, at `time` (no time checks when nil).
    init(path: [X509Certificate], trusted: [X509Certificate], time: Timestamp?) {
        let participants = path + trusted
        var byPointer: [OpaquePointer: X509Certificate] = [:]
        for certificate in participants { byPointer[certificate.pointer] = certificate }
        let collector = Collector()
        let built = Self.run(path: path, trusted: trusted, time: time, collector: collector)
        completed = built.completed
        chain = built.chain.compactMap { byPointer[$0] }
        var findings = collector.entries.map { entry in
            Finding(certificate: entry.certificate.flatMap { byPointer[$0] }, problem: entry.problem, reason: entry.reason)
        }
        findings += Self.unreached(path: path, chain: chain)
        for certificate in path where certificate.hasMalformedExtension {
            let known = findings.contains { $0.certificate === certificate && $0.problem == .malformedExtension }
            if !known {
                findings.append(Finding(certificate: certificate, problem: .malformedExtension, reason: "invalid certificate"))
            }
        }
        self.findings = findings
        ERR_clear_error()
    }

    /// Whether OpenSSL found a finding about `certificate` that breaks `problem`'s rule.
    func contains(_ problem: Problem, for certificate: X509Certificate) -> Bool {
        findings.contains { $0.problem == problem && $0.certificate === certificate }
    }

    /// Whether OpenSSL checked `child`'s signature with `issuer`'s key, as adjacent certificates of its chain, and
    /// found it good (a self-signature it does not check).
    func verified(_ child: X509Certificate, by issuer: X509Certificate) -> Bool {
        guard completed, child !== issuer, let index = chain.firstIndex(where: { $0 === child }), index + 1 < chain.count,
            chain[index + 1] === issuer
        else { return false }
        return !contains(.signature, for: child)
    }

    /// Runs `X509_verify_cert`; returns OpenSSL's chain as pointers (empty when OpenSSL could not start).
    private static func run(path: [X509Certificate], trusted: [X509Certificate], time: Timestamp?, collector: Collector)
        -> (chain: [OpaquePointer], completed: Bool)
    {
        let failed: ([OpaquePointer], Bool) = ([], false)
        guard let leaf = path.first, let store = X509_STORE_new() else { return failed }
        defer { X509_STORE_free(store) }
        for certificate in trusted { X509_STORE_add_cert(store, certificate.pointer) }
        guard let untrusted = COpenSSL_sk_X509_new_null() else { return failed }
        defer { COpenSSL_sk_X509_free(untrusted) }
        for certificate in path.dropFirst() { COpenSSL_sk_X509_push(untrusted, certificate.pointer) }
        guard let context = X509_STORE_CTX_new() else { return failed }
        defer { X509_STORE_CTX_free(context) }
        guard X509_STORE_CTX_init(context, store, leaf.pointer, untrusted) == 1 else { return failed }
        X509_STORE_CTX_set_purpose(context, X509_PURPOSE_ANY)
        // A --trust-anchor may be an intermediate: an anchor ends the chain whether or not it is self-signed.
        var flags = UInt(X509_V_FLAG_PARTIAL_CHAIN)
        if let time {
            // Certificate times have whole seconds, so the floor of the verification time compares the same way.
            let seconds = time.milliseconds >= 0 ? time.milliseconds / 1000 : (time.milliseconds - 999) / 1000
            X509_STORE_CTX_set_time(context, 0, time_t(seconds))
        } else {
            flags |= UInt(X509_V_FLAG_NO_CHECK_TIME)
        }
        X509_STORE_CTX_set_flags(context, flags)
        X509_STORE_CTX_set_verify_cb(context, recordAndContinue)
        let unmanaged = Unmanaged.passRetained(collector)
        defer { unmanaged.release() }
        X509_STORE_CTX_set_ex_data(context, 0, unmanaged.toOpaque())
        let completed = X509_verify_cert(context) > 0
        if !completed {
            let error = OpenSSLError.drain("validating the path")
            collector.record(code: X509_V_ERR_UNSPECIFIED, certificate: nil, reason: error.description)
        }
        guard let chain = X509_STORE_CTX_get0_chain(context) else { return ([], completed) }
        return ((0..<COpenSSL_sk_X509_num(chain)).compactMap { COpenSSL_sk_X509_value(chain, $0) }, completed)
    }

    /// OpenSSL's per-certificate verdicts on the path's certificates its chain builder did not reach.
    private static func unreached(path: [X509Certificate], chain: [X509Certificate]) -> [Finding] {
        var findings: [Finding] = []
        for index in path.indices where !chain.contains(where: { $0 === path[index] }) {
            let certificate = path[index]
            if index > 0 {
                // Only a reason of the issuer's own counts; "unspecified" follows from a subject OpenSSL could not
                // parse, which its malformed-extension finding reports.
                let issued = X509_check_issued(certificate.pointer, path[index - 1].pointer)
                if issued != X509_V_OK, problem(issued) != .other {
                    findings.append(Finding(certificate: certificate, problem: problem(issued), reason: reason(issued)))
                }
                if X509_check_ca(certificate.pointer) == 0 {
                    findings.append(Finding(certificate: certificate, problem: .notCA, reason: reason(X509_V_ERR_INVALID_CA)))
                }
            }
            if !certificate.unhandledCriticalExtensionOIDs.isEmpty {
                let code = X509_V_ERR_UNHANDLED_CRITICAL_EXTENSION
                findings.append(Finding(certificate: certificate, problem: .unhandledCriticalExtension, reason: reason(code)))
            }
        }
        return findings
    }

    /// The rule an `X509_V_ERR_*` code belongs to.
    static func problem(_ code: Int32) -> Problem {
        switch code {
        case X509_V_ERR_UNABLE_TO_GET_ISSUER_CERT, X509_V_ERR_DEPTH_ZERO_SELF_SIGNED_CERT,
            X509_V_ERR_SELF_SIGNED_CERT_IN_CHAIN, X509_V_ERR_UNABLE_TO_GET_ISSUER_CERT_LOCALLY,
            X509_V_ERR_UNABLE_TO_VERIFY_LEAF_SIGNATURE, X509_V_ERR_CERT_UNTRUSTED, X509_V_ERR_CERT_REJECTED:
            return .untrusted
        case X509_V_ERR_UNABLE_TO_DECRYPT_CERT_SIGNATURE, X509_V_ERR_UNABLE_TO_DECODE_ISSUER_PUBLIC_KEY,
            X509_V_ERR_CERT_SIGNATURE_FAILURE, X509_V_ERR_NO_ISSUER_PUBLIC_KEY:
            return .signature
        case X509_V_ERR_CERT_NOT_YET_VALID: return .notYetValid
        case X509_V_ERR_CERT_HAS_EXPIRED: return .expired
        case X509_V_ERR_ERROR_IN_CERT_NOT_BEFORE_FIELD, X509_V_ERR_ERROR_IN_CERT_NOT_AFTER_FIELD: return .unreadableTime
        case X509_V_ERR_INVALID_CA, X509_V_ERR_INVALID_NON_CA, X509_V_ERR_PATHLEN_INVALID_FOR_NON_CA: return .notCA
        case X509_V_ERR_PATH_LENGTH_EXCEEDED: return .pathLength
        case X509_V_ERR_KEYUSAGE_NO_CERTSIGN, X509_V_ERR_PATHLEN_WITHOUT_KU_KEY_CERT_SIGN: return .keyCertSign
        case X509_V_ERR_UNHANDLED_CRITICAL_EXTENSION: return .unhandledCriticalExtension
        case X509_V_ERR_INVALID_EXTENSION: return .malformedExtension
        case X509_V_ERR_SUBJECT_ISSUER_MISMATCH, X509_V_ERR_AKID_SKID_MISMATCH, X509_V_ERR_AKID_ISSUER_SERIAL_MISMATCH:
            return .issuerMismatch
        default: return .other
        }
    }

    static func reason(_ code: Int32) -> String { String(cString: X509_verify_cert_error_string(Int(code))) }
}

/// What the verify callback saw: every error OpenSSL reported, in order.
private final class Collector {
    struct Entry {
        let certificate: OpaquePointer?
        let problem: X509PathValidation.Problem
        let reason: String
    }

    var entries: [Entry] = []

    func record(code: Int32, certificate: OpaquePointer?, reason: String? = nil) {
        entries.append(
            Entry(
                certificate: certificate, problem: X509PathValidation.problem(code),
                reason: reason ?? X509PathValidation.reason(code)))
    }
}

/// The verify callback: records the error and lets verification continue (returns 1), so every rule is checked.
private let recordAndContinue: @convention(c) (Int32, OpaquePointer?) -> Int32 = { ok, context in
    guard ok == 0, let context, let raw = X509_STORE_CTX_get_ex_data(context, 0) else { return ok }
    let collector = Unmanaged<Collector>.fromOpaque(raw).takeUnretainedValue()
    collector.record(code: X509_STORE_CTX_get_error(context), certificate: X509_STORE_CTX_get_current_cert(context))
    return 1
}
