/// A certificate as a document lists it: its position, where it sits in the input, and the role it plays.
package struct CertificateEntry: Sendable {
    package let index: Int
    /// Byte offset in the container, for embedded certificates of an app receipt.
    package let offset: Int?
    package let role: String
    package let certificate: X509Certificate

    /// The certificate's own facts plus `index`, `role` and (when known) `offset`.
    package func write(to output: inout JSONOutput) {
        output.beginObject()
        certificate.writeMembers(to: &output)
        output.key("index")
        output.integer(index)
        output.key("role")
        output.string(role)
        output.member("offset", integer: offset)
        output.endObject()
    }
}
