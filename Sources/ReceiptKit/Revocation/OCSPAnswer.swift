internal import COpenSSL

/// What a responder's answer says about one ``OCSPQuery``, once it has been checked the way Apple's library checks
/// it online (swift-certificates' OCSP policy, in hard-failure mode): a successful response, the request's nonce
/// when the responder echoes one, a signature by the certificate's issuer or by a responder it delegated
/// (id-kp-OCSPSigning) that verifies up to the anchor at the current time, a status for exactly this CertID, and
/// a thisUpdate/nextUpdate window that holds the current time within ``leeway``.
enum OCSPAnswer: Sendable, Equatable {
    case good(thisUpdate: Timestamp, nextUpdate: Timestamp)
    case revoked(at: Timestamp?, reason: String?)
    /// The responder does not know the certificate: not a "good", so it cannot vouch for it.
    case unknown
    /// The bytes are no answer that can be trusted; the text says why.
    case untrusted(String)

    /// Slack on thisUpdate and nextUpdate, as Apple's library allows (an hour for time zone bugs, 15 minutes for
    /// clock skew).
    static let leeway: Int64 = 4_500_000

    /// Checks `der` against `query`; `path` (the issuer first, ending at `anchor`) supplies the issuer and the
    /// certificates a delegated responder chains through; `now` is the caller's current time.
    init(_ der: [UInt8], for query: OCSPQuery, path: [X509Certificate], anchor: X509Certificate, now: Timestamp) {
        ERR_clear_error()
        defer { ERR_clear_error() }
        var decoded: OpaquePointer?
        der.withUnsafeBufferPointer { buffer in
            var cursor = buffer.baseAddress
            decoded = d2i_OCSP_RESPONSE(nil, &cursor, buffer.count)
        }
        guard let response = decoded else {
            self = .untrusted("the answer is not a DER OCSP response (\(der.count) bytes)")
            return
        }
        defer { OCSP_RESPONSE_free(response) }
        let status = OCSP_response_status(response)
        guard status == OCSP_RESPONSE_STATUS_SUCCESSFUL else {
            self = .untrusted("the responder answered \(String(cString: OCSP_response_status_str(Int(status))))")
            return
        }
        guard let basic = OCSP_response_get1_basic(response) else {
            self = .untrusted("the answer holds no basic OCSP response")
            return
        }
        defer { OCSP_BASICRESP_free(basic) }
        self = Self.checked(basic, query: query, path: path, anchor: anchor, now: now)
    }

    private static func checked(
        _ basic: OpaquePointer, query: OCSPQuery, path: [X509Certificate], anchor: X509Certificate, now: Timestamp
    ) -> OCSPAnswer {
        // 1: the same nonce; -1: the responder echoed none, which RFC 5019 responders (Apple's among them) may do.
        switch OCSP_check_nonce(query.request, basic) {
        case 1, -1: break
        case 0: return .untrusted("the answer's nonce is not the request's (an answer made for another request)")
        default: return .untrusted("the request carried no nonce")
        }
        if let problem = signatureProblem(basic, path: path, anchor: anchor, now: now) { return .untrusted(problem) }
        var status: Int32 = -1
        var reason: Int32 = -1
        var revokedAt: UnsafeMutablePointer<ASN1_GENERALIZEDTIME>? = nil
        var thisUpdate: UnsafeMutablePointer<ASN1_GENERALIZEDTIME>? = nil
        var nextUpdate: UnsafeMutablePointer<ASN1_GENERALIZEDTIME>? = nil
        guard
            OCSP_resp_find_status(basic, query.certificateID, &status, &reason, &revokedAt, &thisUpdate, &nextUpdate) == 1
        else {
            return .untrusted("the answer holds no status for serial \(query.certificate.serialNumberHex)")
        }
        let window: (Timestamp, Timestamp)
        switch Self.window(thisUpdate, nextUpdate, now: now) {
        case .success(let times): window = times
        case .failure(let problem): return .untrusted(problem.description)
        }
        switch status {
        case V_OCSP_CERTSTATUS_GOOD: return .good(thisUpdate: window.0, nextUpdate: window.1)
        case V_OCSP_CERTSTATUS_REVOKED:
            let time = revokedAt.flatMap { X509Certificate.time($0, field: "revocationTime").timestamp }
            return .revoked(at: time, reason: reason >= 0 ? String(cString: OCSP_crl_reason_str(Int(reason))) : nil)
        case V_OCSP_CERTSTATUS_UNKNOWN: return .unknown
        default: return .untrusted("the answer's certificate status \(status) is none of good, revoked, unknown")
        }
    }

    /// Nil when the answer is signed by the issuer, or by a responder the issuer delegated, and the signer's chain
    /// verifies to `anchor` at `now` (`OCSP_basic_verify`, which also makes sure every status in the answer is
    /// about the same issuer); otherwise why not.
    private static func signatureProblem(
        _ basic: OpaquePointer, path: [X509Certificate], anchor: X509Certificate, now: Timestamp
    ) -> String? {
        guard let store = X509_STORE_new() else { return "OpenSSL could not make a certificate store" }
        defer { X509_STORE_free(store) }
        X509_STORE_add_cert(store, anchor.pointer)
        X509_VERIFY_PARAM_set_time(X509_STORE_get0_param(store), time_t(now.seconds))
        guard let certificates = COpenSSL_sk_X509_new_null() else { return "OpenSSL could not make a certificate list" }
        defer { COpenSSL_sk_X509_free(certificates) }
        for certificate in path { COpenSSL_sk_X509_push(certificates, certificate.pointer) }
        // PARTIAL_CHAIN: a --trust-anchor may be an intermediate. NOEXPLICIT: only the issuer or its delegate may
        // sign; a root's "trusted for OCSP signing" setting never stands in for that.
        let flags = UInt(OCSP_PARTIAL_CHAIN) | UInt(OCSP_NOEXPLICIT)
        guard OCSP_basic_verify(basic, certificates, store, flags) == 1 else {
            let error = OpenSSLError.drain("verifying the answer's signature")
            return "the answer is not signed by the issuer or a responder it delegated (\(error.entries.joined(separator: "; ")))"
        }
        return nil
    }

    /// thisUpdate and nextUpdate as instants, when both are readable and `now` lies between them within ``leeway``
    /// (nextUpdate is required, as RFC 5019 §4 and Apple's library require).
    private static func window(
        _ thisUpdate: UnsafeMutablePointer<ASN1_GENERALIZEDTIME>?, _ nextUpdate: UnsafeMutablePointer<ASN1_GENERALIZEDTIME>?,
        now: Timestamp
    ) -> Result<(Timestamp, Timestamp), ProblemText> {
        guard let nextUpdate else { return .failure(ProblemText("the answer has no nextUpdate, so it never goes stale")) }
        let start = X509Certificate.time(thisUpdate, field: "thisUpdate")
        let end = X509Certificate.time(nextUpdate, field: "nextUpdate")
        guard let from = start.timestamp, let until = end.timestamp else {
            let reasons = [start, end].compactMap { time -> String? in
                if case .unreadable(_, let reason) = time { return reason }
                return nil
            }
            return .failure(ProblemText("the answer's times are unreadable: \(reasons.joined(separator: "; "))"))
        }
        if until < from { return .failure(ProblemText("the answer's nextUpdate \(until) is before its thisUpdate \(from)")) }
        if from.milliseconds > now.milliseconds + leeway {
            return .failure(ProblemText("the answer's thisUpdate \(from) is after now (\(now))"))
        }
        if until.milliseconds < now.milliseconds - leeway {
            return .failure(ProblemText("the answer is stale: its nextUpdate \(until) is before now (\(now))"))
        }
        return .success((from, until))
    }
}
