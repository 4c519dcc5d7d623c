/// A certificate as a document lists it: its position, where it sits in the input, and the role it plays.
public struct CertificateEntry: Sendable {
    public let index: Int
    /// Byte offset in the container, for embedded certificates of an app receipt.
    public let offset: Int?
    public let role: String
    public let certificate: X509Certificate

    /// The certificate's own facts plus `index`, `role` and (when known) `offset`.
    public var json: JSONValue {
        var object = certificate.json.objectValue ?? [:]
        object["index"] = .integer(index)
        object["role"] = .string(role)
        if let offset { object["offset"] = .integer(offset) }
        return .object(object)
    }
}
