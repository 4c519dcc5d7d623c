/// Why an input could not be decoded at all, from the layer that refused it.
public enum DecodeError: Error, Equatable, Sendable, CustomStringConvertible {
    case input(InputError)
    case container(ContainerError)
    /// The receipt payload inside a readable container is not a SET OF ReceiptAttribute.
    case payload(ASN1Error)
    case transactionReceipt(TransactionReceiptError)
    case jws(JWSError)
    /// OpenSSL refused an operation that does not depend on the input (e.g. a digest disabled by policy).
    case openSSL(OpenSSLError)

    public var description: String { message(.library) }

    /// The description with options named as the caller names them.
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
