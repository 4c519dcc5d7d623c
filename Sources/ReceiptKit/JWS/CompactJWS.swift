/// A StoreKit 2 compact JWS (`header.payload.signature`), decoded but not verified.
public struct CompactJWS: Sendable {
    /// The protected header, decoded once and typed.
    public let header: JWSHeader
    /// The payload with Apple's own camelCase names.
    public let payload: JSONValue
    /// The payload decoded once into its typed model, by the kind its own fields show.
    public let storeKit: StoreKitPayload
    /// The third segment decoded: for ES256, the 64 bytes `r || s` (RFC 7518 §3.4), not DER.
    public let signature: [UInt8]
    /// The x5c certificates, leaf first, one per x5c entry.
    public let certificates: [X509Certificate]
    /// The ASCII bytes `header.payload` exactly as received: what the signature covers (RFC 7515 §5.2).
    public let signingInput: [UInt8]
    /// The token as received.
    public let token: String
    /// SHA-256 of ``signingInput``: what the ES256 check verifies, hashed once (nil only where OpenSSL refuses
    /// SHA-256; the check then hashes, and reports, on its own).
    package let signingInputSHA256: [UInt8]?
    /// SHA-256 of the whole token, from the same pass over its bytes as ``signingInputSHA256``.
    package let tokenSHA256: [UInt8]?
    /// The header with what follows from its bytes alone (its checks), shared by every token with the same segment.
    package let parsedHeader: ParsedJWSHeader

    /// Decodes the three segments and the x5c certificates. An x5c entry that is not a string of base64 DER
    /// is an error here, so that ``certificates`` always lines up with the header's list.
    ///
    /// - Parameters:
    ///   - token: The compact serialisation, `header.payload.signature`.
    ///   - cache: Where parsed x5c certificates are shared between tokens; ``CertificateCache/shared`` unless the
    ///     caller bounds its own.
    /// - Throws: ``DecodeError/jws(_:)`` with the ``JWSError`` that names the segment or x5c entry at fault.
    public init(_ token: String, cache: CertificateCache = .shared) throws(DecodeError) {
        try self.init(token, sniffedHeader: nil, cache: cache)
    }

    /// The same, taking the header as the input sniffer already decoded and parsed it, so that a token read
    /// from input has its header (kilobytes of x5c) decoded once. It is used only when it covers exactly the
    /// token's first segment; otherwise the header is decoded here as for any token.
    package init(_ token: String, sniffedHeader: SniffedJWSHeader?, cache: CertificateCache) throws(DecodeError) {
        // One copy of the bytes, cut at the dots by index: splitting the String's UTF-8 view and copying each
        // piece went byte by byte and cost more than the rest of decoding (callgrind, audit over JWS lines).
        let bytes = token.utf8.withContiguousStorageIfAvailable { Array($0) } ?? Array(token.utf8)
        // The initializer is public, so it cannot rely on the input sniffer having counted the dots.
        let dots = Self.dots(bytes)
        guard dots.count == 2 else { throw .jws(.segmentCount(min(dots.count + 1, 4))) }
        self.token = token
        if let sniffedHeader, sniffedHeader.segmentLength == dots[0] {
            parsedHeader = sniffedHeader.parsed
        } else {
            // Every item of one signing chain carries the same header bytes: parsed once per distinct segment.
            parsedHeader = try JWSHeaderCache.shared.header(bytes[..<dots[0]]) { segment throws(DecodeError) in
                try Self.json(segment, "header")
            }
        }
        payload = try Self.json(bytes[(dots[0] + 1)..<dots[1]], "payload")
        signature = try Self.bytes(bytes[(dots[1] + 1)...], "signature")
        guard let header = parsedHeader.header else { throw .jws(.headerNotObject) }
        self.header = header
        storeKit = StoreKitPayload(payload)
        certificates = try parsedHeader.certificates(cache: cache) { header throws(DecodeError) in
            try Self.certificates(header, cache: cache)
        }
        let digests = try? DigestAlgorithm.sha256.hash(bytes, andPrefix: dots[1])
        signingInputSHA256 = digests?.prefix
        tokenSHA256 = digests?.whole
        // The bytes are not needed past this point: cut in place to `header.payload`, without a copy.
        var signed = consume bytes
        signed.removeSubrange(dots[1]...)
        signingInput = signed
    }

    /// The offsets of the first three dots (at most three: a fourth segment is already one too many).
    private static func dots(_ bytes: [UInt8]) -> [Int] {
        var dots: [Int] = []
        var from = 0
        while dots.count < 3, let dot = InputDecoder.nextByte(UInt8(ascii: "."), in: bytes[from...]) {
            dots.append(dot)
            from = dot + 1
        }
        return dots
    }

    /// The x5c entries decoded in order; the first that is not a string, or not base64 DER, is the error.
    private static func certificates(_ header: JWSHeader, cache: CertificateCache) throws(DecodeError) -> [X509Certificate] {
        switch header.certificateChain {
        case .absent: return []
        case .value(let texts):
            var certificates: [X509Certificate] = []
            certificates.reserveCapacity(texts.count)
            for (index, text) in texts.enumerated() { certificates.append(try certificate(text, index: index, cache: cache)) }
            return certificates
        case .wrongType(let value):
            // Not a list of strings: no certificates when not a list (jws.x5c says so), else the entries before
            // the first non-string decode (and may fail) as they come.
            guard case .array(let items) = value else { return [] }
            for (index, item) in items.enumerated() {
                guard case .string(let text) = item else { throw .jws(.certificateNotString(index: index)) }
                _ = try certificate(text, index: index, cache: cache)
            }
            return []
        }
    }

    /// One x5c entry, looked up by its text first: the same certificates head most tokens, and an entry seen
    /// before decodes to the same DER, so its base64 is decoded only the first time.
    private static func certificate(_ text: String, index: Int, cache: CertificateCache) throws(DecodeError)
        -> X509Certificate
    {
        let utf8 = text.utf8.withContiguousStorageIfAvailable { Array($0) } ?? Array(text.utf8)
        if let known = cache.certificate(base64: utf8[...]) { return known }
        let der: [UInt8]
        do {
            der = try LenientBase64.decode(utf8).bytes
        } catch {
            throw .jws(.certificateNotBase64(index: index, offset: error.offset, reason: error.reason))
        }
        do {
            let certificate = try cache.certificate(der: der[...])
            cache.remember(base64: utf8[...], certificate)
            return certificate
        } catch {
            throw .jws(.invalidCertificate(index: index, error))
        }
    }

    /// The typed payload when it was found where `expected` items sit: the same model as ``storeKit`` unless
    /// the fields named no kind, the only case decoded again.
    ///
    /// - Parameter expected: The kind the item's position implies (a `signedRenewalInfo` key), or nil.
    /// - Returns: The typed payload; `.unknown` only when neither the fields nor `expected` name a kind.
    public func storeKit(expected: SignedDataKind?) -> StoreKitPayload {
        guard case .unknown = storeKit, let expected, expected != .unknown else { return storeKit }
        return StoreKitPayload(payload, expected: expected)
    }

    private static func bytes(_ segment: ArraySlice<UInt8>, _ name: String) throws(DecodeError) -> [UInt8] {
        do {
            return try LenientBase64.decode(segment).bytes
        } catch {
            throw .jws(.segmentNotBase64(segment: name, offset: error.offset, reason: error.reason))
        }
    }

    private static func json(_ segment: ArraySlice<UInt8>, _ name: String) throws(DecodeError) -> JSONValue {
        let decoded = try bytes(segment, name)
        do {
            return try JSONParser.parse(decoded)
        } catch {
            throw .jws(.segmentNotJSON(segment: name, error))
        }
    }
}
