/// Why the bytes handed in are not something this tool can read, said so a person can act on it.
public enum InputError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Nothing but whitespace was handed in.
    case empty
    /// Base64 text that is not base64; `offset` is in the text of `layer` (the input, or a JSON string in it).
    case notBase64(offset: Int, reason: String, layer: String)
    /// Text that is neither JSON nor an old-style plist, where the JSON parser got further; the failure says where.
    case invalidJSON(JSONParser.Failure)
    /// A JSON object that is not a receipt request body.
    case unexpectedJSON(String)
    /// An old-style property list (an iOS 6 transaction receipt) that does not parse, or text that is neither JSON
    /// nor a plist where the plist parser got further; `offset` is in the plist text.
    case invalidPlist(offset: Int, reason: String)
    /// Bytes that are none of the known forms; the message may point at an option of the caller.
    case unrecognised(Message)
    /// The input is longer than `limit` bytes (64 MiB); refused at offset `limit`.
    case tooLarge(limit: Int)

    /// The message with options named as a library caller would name them (``OptionNaming/library``).
    public var description: String { message(.library) }

    /// The description with options named as the caller names them, so a hint about an option reads right in a
    /// CLI and in an app alike.
    ///
    /// - Parameter naming: How the caller spells the options the message may point at.
    /// - Returns: One line for a person.
    public func message(_ naming: OptionNaming) -> String {
        switch self {
        case .empty:
            return "input is empty"
        case .notBase64(let offset, let reason, let layer):
            return "not base64: \(reason) at offset \(offset)\(layer == "input" ? "" : " of \(layer)")"
        case .invalidJSON(let failure):
            return failure.description
        case .unexpectedJSON(let what):
            return what
        case .invalidPlist(let offset, let reason):
            return "invalid transaction-receipt property list: \(reason) at offset \(offset)"
        case .unrecognised(let what):
            return what.rendered(naming)
        case .tooLarge(let limit):
            return "input too large: the limit is \(limit) bytes (\(limit >> 20) MiB), exceeded at offset \(limit)"
        }
    }

    /// Byte offset of the problem, when there is one.
    public var offset: Int? {
        switch self {
        case .notBase64(let offset, _, _), .invalidPlist(let offset, _): return offset
        case .invalidJSON(let failure): return failure.offset
        case .tooLarge(let limit): return limit
        default: return nil
        }
    }
}
