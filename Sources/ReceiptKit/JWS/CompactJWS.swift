/// A StoreKit 2 compact JWS (`header.payload.signature`), decoded but not verified.
public struct CompactJWS: Sendable {
    public let header: JSONValue
    /// The payload with Apple's own camelCase names.
    public let payload: JSONValue
    /// The payload decoded once into its typed model, by the kind its own fields show.
    public let storeKit: StoreKitPayload
    public let signature: [UInt8]
    /// The x5c certificates, leaf first, one per x5c entry.
    public let certificates: [X509Certificate]
    /// The ASCII bytes `header.payload` exactly as received: what the signature covers (RFC 7515 §5.2).
    public let signingInput: [UInt8]
    /// The token as received.
    public let token: String

    /// Decodes the three segments and the x5c certificates. An x5c entry that is not a string of base64 DER
    /// is an error here, so that ``certificates`` always lines up with the header's list.
    public init(_ token: String, cache: CertificateCache = .shared) throws(DecodeError) {
        // The initializer is public, so it cannot rely on the input sniffer having counted the dots.
        let segments = token.utf8.split(separator: UInt8(ascii: "."), maxSplits: 3, omittingEmptySubsequences: false)
            .map(Array.init)
        guard segments.count == 3 else { throw .jws(.segmentCount(segments.count)) }
        self.token = token
        header = try Self.json(segments[0], "header")
        payload = try Self.json(segments[1], "payload")
        storeKit = StoreKitPayload(payload)
        signature = try Self.bytes(segments[2], "signature")
        signingInput = segments[0] + [UInt8(ascii: ".")] + segments[1]
        guard header.objectValue != nil else { throw .jws(.headerNotObject) }
        var certificates: [X509Certificate] = []
        for (index, entry) in (header["x5c"]?.arrayValue ?? []).enumerated() {
            guard case .string(let text) = entry else { throw .jws(.certificateNotString(index: index)) }
            let der: [UInt8]
            do {
                der = try LenientBase64.decode(Array(text.utf8)).bytes
            } catch {
                throw .jws(.certificateNotBase64(index: index, offset: error.offset, reason: error.reason))
            }
            do {
                certificates.append(try cache.certificate(der: der[...]))
            } catch {
                throw .jws(.invalidCertificate(index: index, error))
            }
        }
        self.certificates = certificates
    }

    /// The typed payload when it was found where `expected` items sit: the same model as ``storeKit`` unless
    /// the fields named no kind, the only case decoded again.
    public func storeKit(expected: SignedDataKind?) -> StoreKitPayload {
        guard case .unknown = storeKit, let expected, expected != .unknown else { return storeKit }
        return StoreKitPayload(payload, expected: expected)
    }

    private static func bytes(_ segment: [UInt8], _ name: String) throws(DecodeError) -> [UInt8] {
        do {
            return try LenientBase64.decode(segment).bytes
        } catch {
            throw .jws(.segmentNotBase64(segment: name, offset: error.offset, reason: error.reason))
        }
    }

    private static func json(_ segment: [UInt8], _ name: String) throws(DecodeError) -> JSONValue {
        let decoded = try bytes(segment, name)
        do {
            return try JSONParser.parse(decoded)
        } catch {
            throw .jws(.segmentNotJSON(segment: name, error))
        }
    }
}
