/// Why an input could not be decoded at all, from the layer that refused it.
public enum DecodeError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The bytes are not an input this library reads (not base64, DER, PEM, JWS or a known JSON form).
    case input(InputError)
    /// The PKCS#7 container of an app receipt could not be read.
    case container(ContainerError)
    /// The receipt payload inside a readable container is not a SET OF ReceiptAttribute.
    case payload(ASN1Error)
    /// An iOS 6 transaction receipt (a signed plist) is not well-formed.
    case transactionReceipt(TransactionReceiptError)
    /// A StoreKit 2 compact JWS is not well-formed.
    case jws(JWSError)
    /// OpenSSL refused an operation that does not depend on the input (e.g. a digest disabled by policy).
    case openSSL(OpenSSLError)

    /// The message with options named in the library's own words (see ``message(_:)`` for the CLI's).
    public var description: String { message(.library) }

    /// The description with options named as the caller names them.
    /// - Parameter naming: How the caller's interface names the options a message may point at.
    /// - Returns: The message, ready to show.
    public func message(_ naming: OptionNaming) -> String {
        switch self {
        case .input(let error): return error.message(naming)
        case .container(let error): return error.description
        case .payload(let error): return "receipt payload: \(error)"
        case .transactionReceipt(let error): return error.description
        case .jws(let error): return error.description
        case .openSSL(let error): return error.description
        }
    }

    /// The byte offset of the problem, when one is known.
    public var offset: Int? {
        switch self {
        case .input(let error): return error.offset
        case .container(let error): return error.offset
        case .payload(let error): return error.offset
        case .transactionReceipt, .jws, .openSSL: return nil
        }
    }
}
