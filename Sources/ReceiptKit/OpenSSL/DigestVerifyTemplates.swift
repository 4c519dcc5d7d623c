internal import COpenSSL
import Synchronization

/// Digest-verify contexts initialised once for one public key (one per digest) and copied for each check.
///
/// `EVP_DigestVerifyInit` looks the signature implementation up in OpenSSL's provider store and builds a key
/// context every time; copying an initialised context skips both, about 3 microseconds of a 25-microsecond
/// receipt check. A ``X509Certificate`` owns one of these, so every receipt its key signed shares them.
final class DigestVerifyTemplates: @unchecked Sendable {
    /// An initialised context; only copied from, under the lock.
    private struct Template: @unchecked Sendable {
        let context: OpaquePointer
    }

    private let templates = Mutex<[DigestAlgorithm: Template]>([:])

    deinit {
        templates.withLock { table in
            for template in table.values { EVP_MD_CTX_free(template.context) }
        }
    }

    /// Makes `context` (fresh from `EVP_MD_CTX_new`) a copy of the template for `digest` and `key`, creating the
    /// template on first use. False when that cannot be done, with OpenSSL's error queue left clear: the
    /// caller then initialises `context` itself, and any error it reports is the one that call raises.
    func prepare(_ context: OpaquePointer, digest: DigestAlgorithm, md: OpaquePointer, key: OpaquePointer) -> Bool {
        templates.withLock { table in
            let template: Template
            if let known = table[digest] {
                template = known
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
                table[digest] = template
            }
            guard EVP_MD_CTX_copy_ex(context, template.context) == 1 else {
                EVP_MD_CTX_reset(context)
                ERR_clear_error()
                return false
            }
            return true
        }
    }
}
