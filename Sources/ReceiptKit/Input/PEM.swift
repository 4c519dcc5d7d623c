/// PEM's encapsulation boundaries (RFC 7468): five dashes, a label, five dashes.
enum PEM {
    static let dashes = String(repeating: "-", count: 5)

    /// `-----LABEL-----`, e.g. the BEGIN line of a certificate.
    static func boundary(_ label: String) -> String { dashes + label + dashes }
}
