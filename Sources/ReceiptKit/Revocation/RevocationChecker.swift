/// The online revocation check (`chain.revocation`, `verify --online`): for every certificate below the anchor of
/// a chain that verified, each OCSP responder its Authority Information Access names is asked in turn, through the
/// caller's ``OCSPTransport``, until one gives an answer that can be trusted (``OCSPAnswer``).
///
/// The check passes when every certificate that names a responder is good; fails when one is revoked; and is an
/// error (verdict `unverifiable_here`) when for some certificate no responder answered, or none answered in a way
/// that can be trusted, or the answer is "unknown": hard failure, as Apple's library runs online. A certificate
/// naming no responder is not asked, as in Apple's library. The current time comes from the caller's `clock`
/// (the library never reads one); good answers are kept in an ``OCSPStatusCache``, and a responder that gave no
/// answer is not asked again for a minute (``UnansweringResponders``).
public final class RevocationChecker: Sendable {
    let transport: any OCSPTransport
    let clock: @Sendable () -> Timestamp
    let cache: OCSPStatusCache
    let unanswering = UnansweringResponders()

    /// - Parameters:
    ///   - transport: What carries requests to responders (the library opens no sockets).
    ///   - clock: The current time, to judge an answer's freshness (the library reads no clock).
    ///   - cache: Where good answers are kept while they are fresh.
    public init(transport: any OCSPTransport, clock: @escaping @Sendable () -> Timestamp, cache: OCSPStatusCache = .init()) {
        self.transport = transport
        self.clock = clock
        self.cache = cache
    }

    /// What one certificate's status came to.
    private enum Finding {
        case good(String)
        case revoked(String)
        case notAsked(String)
        case failed(String)
    }

    /// `chain.revocation` for `path` (leaf first), whose last certificate is the anchor it verified to.
    func check(path: [X509Certificate]) -> VerificationCheck {
        guard path.count >= 2, let anchor = path.last else {
            return VerificationCheck(.chainRevocation, .skip, "no certificate below the anchor to ask about")
        }
        let findings = path.indices.dropLast().map { index in
            // The answer is checked with the issuer and what is above it only: the certificate asked about (or one
            // below it) never helps a responder's signature verify.
            finding(path[index], issuer: path[index + 1], path: Array(path[(index + 1)...]), anchor: anchor)
        }
        var revoked: [String] = []
        var failed: [String] = []
        var all: [String] = []
        for finding in findings {
            switch finding {
            case .good(let text), .notAsked(let text): all.append(text)
            case .revoked(let text): revoked.append(text)
            case .failed(let text): failed.append(text)
            }
        }
        if !revoked.isEmpty {
            return VerificationCheck(.chainRevocation, .fail, Message(verbatim: (revoked + failed).joined(separator: "; ")))
        }
        if !failed.isEmpty {
            return VerificationCheck(.chainRevocation, .error, Message(verbatim: failed.joined(separator: "; ")))
        }
        if findings.allSatisfy({ if case .notAsked = $0 { true } else { false } }) {
            return VerificationCheck(
                .chainRevocation, .skip, "no certificate below the anchor names an OCSP responder, so there was nobody to ask")
        }
        return VerificationCheck(.chainRevocation, .pass, Message(verbatim: all.joined(separator: "; ")))
    }

    private func finding(
        _ certificate: X509Certificate, issuer: X509Certificate, path: [X509Certificate], anchor: X509Certificate
    ) -> Finding {
        let name = certificate.displayName
        let urls = OCSPQuery.responderURLs(of: certificate)
        guard !urls.isEmpty else { return .notAsked("\(name): names no OCSP responder, not asked") }
        let key = OCSPStatusCache.Key(
            certificate: certificate.sha256Fingerprint, issuer: issuer.sha256Fingerprint, anchor: anchor.sha256Fingerprint)
        if let cached = cache.entry(for: key, now: clock()) { return .good("\(name): \(cached.detail) (kept from earlier)") }
        var problems: [String] = []
        for url in urls {
            if let earlier = unanswering.reason(for: url, now: clock()) {
                problems.append("\(url): no answer (\(earlier); not asked again within a minute)")
                continue
            }
            let query: OCSPQuery
            do {
                query = try OCSPQuery(certificate: certificate, issuer: issuer)
            } catch {
                return .failed("\(name): \(error)")
            }
            switch ask(url, query, path: path, anchor: anchor) {
            case .good(let detail, let nextUpdate, let now):
                cache.store(key, detail: detail, nextUpdate: nextUpdate, now: now)
                return .good("\(name): \(detail)")
            case .revoked(let detail): return .revoked("\(name) (serial \(certificate.serialNumberHex)) \(detail)")
            case .problem(let problem): problems.append(problem)
            }
        }
        return .failed("\(name): \(problems.joined(separator: "; "))")
    }

    /// What one responder said, in words.
    private enum Reply {
        case good(String, nextUpdate: Timestamp, now: Timestamp)
        case revoked(String)
        case problem(String)
    }

    /// Sends `query` to `url` and checks the answer; a missing answer is remembered (``UnansweringResponders``).
    private func ask(_ url: String, _ query: OCSPQuery, path: [X509Certificate], anchor: X509Certificate) -> Reply {
        let bytes: [UInt8]
        switch transport.post(query.der, to: url) {
        case .failure(let failure):
            unanswering.remember(url, reason: failure.description, now: clock())
            return .problem("\(url): no answer (\(failure))")
        case .success(let answer): bytes = answer
        }
        let now = clock()
        switch OCSPAnswer(bytes, for: query, path: path, anchor: anchor, now: now) {
        case .good(let thisUpdate, let nextUpdate):
            return .good("good at \(url) (thisUpdate \(thisUpdate), nextUpdate \(nextUpdate))", nextUpdate: nextUpdate, now: now)
        case .revoked(let time, let reason):
            let when = time.map { " since \($0)" } ?? ""
            return .revoked("is revoked\(when)" + (reason.map { ", reason \($0)" } ?? "") + " (\(url))")
        case .unknown:
            return .problem("\(url): the responder does not know serial \(query.certificate.serialNumberHex) (status unknown)")
        case .untrusted(let why):
            return .problem("\(url): \(why)")
        }
    }
}
