internal import COpenSSL
import Synchronization

/// Digest-verify contexts initialised once for one public key (one per digest) and copied for each check.
///
/// `EVP_DigestVerifyInit` looks the signature implementation up in OpenSSL's provider store and builds a key
/// context every time; copying an initialised context skips both, about 3 microseconds of a 25-microsecond
/// receipt check. A ``X509Certificate`` owns one of these, so every receipt its key signed shares them.
///
/// OpenSSL does not promise that two threads may copy from one context at once, so a template is used by one
/// thread at a time: a check takes one out of the idle list, copies it and puts it back. Only that taking and
/// putting back is locked; the copy (and the first initialisation) runs outside the lock, so parallel audit
/// workers do not queue behind each other on every receipt. Each digest ends up with as many templates as
/// threads ever used it at the same moment.
final class DigestVerifyTemplates: @unchecked Sendable {
    /// An initialised context, owned by the idle list or by the one check that took it out.
    private struct Template: @unchecked Sendable {
        let context: OpaquePointer
    }

    private let idle = Mutex<[DigestAlgorithm: [Template]]>([:])
    /// The same key's ES256 state (``ECDSASignatureVerifier``): verify contexts over a digest, and its curve check.
    let ecdsa = ECDSAVerifyContexts()

    deinit {
        idle.withLock { table in
            for templates in table.values {
                for template in templates { EVP_MD_CTX_free(template.context) }
            }
        }
    }

    /// Makes `context` (fresh from `EVP_MD_CTX_new`) a copy of a template for `digest` and `key`, creating one
    /// when none is idle. False when that cannot be done, with OpenSSL's error queue left clear: the caller then
    /// initialises `context` itself, and any error it reports is the one that call raises.
    func prepare(_ context: OpaquePointer, digest: DigestAlgorithm, md: OpaquePointer, key: OpaquePointer) -> Bool {
        let template: Template
        if let taken = idle.withLock({ $0[digest]?.popLast() }) {
            template = taken
        } else {
            guard let fresh = EVP_MD_CTX_new() else {
                ERR_clear_error()
                return false
            }
            guard EVP_DigestVerifyInit(fresh, nil, md, nil, key) == 1 else {
                EVP_MD_CTX_free(fresh)
                ERR_clear_error()
                return false
            }
            template = Template(context: fresh)
        }
        let copied = EVP_MD_CTX_copy_ex(context, template.context) == 1
        idle.withLock { $0[digest, default: []].append(template) }
        guard copied else {
            EVP_MD_CTX_reset(context)
            ERR_clear_error()
            return false
        }
        return true
    }
}
