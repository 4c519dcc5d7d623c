/// The protected header of a compact JWS, decoded once: the parameters this tool reads, typed, and every other
/// parameter kept as sent. `jws.algorithm`, `jws.header`, `jws.x5c` and the output all read this one value, so
/// no check looks a parameter up by name in the JSON again.
public struct JWSHeader: Sendable, Equatable {
    /// One header parameter as sent: absent, of the JSON type RFC 7515 gives it, or some other JSON value, kept
    /// so that a check can name what it found.
    public enum Parameter<Value: Sendable & Equatable>: Sendable, Equatable {
        /// The header has no such parameter.
        case absent
        /// The parameter, of the type RFC 7515 gives it.
        case value(Value)
        /// The parameter is there with another JSON type; kept so a check can say what was sent.
        case wrongType(JSONValue)

        /// The value when it has the documented type.
        public var value: Value? {
            if case .value(let value) = self { return value }
            return nil
        }
    }

    /// `alg` (RFC 7515 §4.1.1), a string.
    public let algorithm: Parameter<String>
    /// `x5c` (§4.1.6): the certificates leaf first, each entry as sent (standard base64 of DER); `wrongType` when
    /// it is not a list of strings.
    public let certificateChain: Parameter<[String]>
    /// `crit` (§4.1.11): `wrongType` when it is not a non-empty list of strings, which the RFC forbids.
    public let critical: Parameter<[String]>
    /// `kid` (§4.1.4), a string; Apple's tokens carry none.
    public let keyID: Parameter<String>
    /// `typ` (§4.1.9), a string; Apple's tokens carry none.
    public let type: Parameter<String>
    /// Every parameter besides alg, x5c, crit, kid and typ, as sent.
    public let otherParameters: [String: JSONValue]
    /// The header exactly as decoded: what the output shows.
    public let json: JSONValue

    /// The parameters this type reads by name.
    static let typedNames: Set<String> = ["alg", "x5c", "crit", "kid", "typ"]

    /// Reads the parameters of `json`, which must be an object (RFC 7515 §4: the header is a JSON object).
    init?(_ json: JSONValue) {
        guard case .object(let members) = json else { return nil }
        self.json = json
        algorithm = Self.parameter(members["alg"]) { if case .string(let text) = $0 { text } else { nil } }
        certificateChain = Self.parameter(members["x5c"], Self.strings)
        critical = Self.parameter(members["crit"]) { value in Self.strings(value).flatMap { $0.isEmpty ? nil : $0 } }
        keyID = Self.parameter(members["kid"]) { if case .string(let text) = $0 { text } else { nil } }
        type = Self.parameter(members["typ"]) { if case .string(let text) = $0 { text } else { nil } }
        otherParameters = members.filter { !Self.typedNames.contains($0.key) }
    }

    /// A parameter as sent, without the meaning this type gives it (for readers of parameters it does not type).
    ///
    /// - Parameter name: The parameter's name as it appears in the JSON (`alg`, `x5c`, or any other).
    /// - Returns: The value as sent, or nil when the header has no such parameter.
    public subscript(name: String) -> JSONValue? { json[name] }

    /// The names of all parameters, sorted.
    public var parameterNames: [String] { (json.objectValue ?? [:]).keys.sorted() }

    private static func parameter<Value>(_ found: JSONValue?, _ read: (JSONValue) -> Value?) -> Parameter<Value> {
        guard let found else { return .absent }
        return read(found).map(Parameter.value) ?? .wrongType(found)
    }

    private static func strings(_ value: JSONValue) -> [String]? {
        guard case .array(let items) = value else { return nil }
        var texts: [String] = []
        texts.reserveCapacity(items.count)
        for item in items {
            guard case .string(let text) = item else { return nil }
            texts.append(text)
        }
        return texts
    }
}
