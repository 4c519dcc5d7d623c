internal import COpenSSL

extension X509Certificate {
    /// True for an X.509 version 1 certificate, which cannot carry extensions (so no basicConstraints). OpenSSL
    /// accepts a self-signed v1 certificate as a CA at the top of a chain; some test roots are made that way.
    package var isVersion1: Bool { X509_get_version(pointer) == 0 }
}
