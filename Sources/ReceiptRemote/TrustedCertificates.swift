/// Where the certificates that a verifier's TLS certificate must chain to are read from.
///
/// Both nil (the default): the system's store that libcurl was built with (on Debian
/// `/etc/ssl/certs/ca-certificates.crt`). The CLI fills these from `SSL_CERT_FILE` and `SSL_CERT_DIR`, as the
/// curl command does, so a test or a private verifier can be trusted without touching the system's store.
package struct TrustedCertificates: Sendable, Equatable {
    /// A PEM file of trusted certificates, instead of the system's bundle.
    package var file: String?
    /// A directory of hashed PEM certificates (`openssl rehash`), instead of the system's.
    package var directory: String?

    package init(file: String? = nil, directory: String? = nil) {
        self.file = file
        self.directory = directory
    }
}
