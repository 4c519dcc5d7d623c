/// A StoreKit 2 compact JWS (`header.payload.signature`), decoded but not verified.
public struct CompactJWS: Sendable {
    public let header: JSONValue
    /// The payload with Apple's own camelCase names.
    public let payload: JSONValue
    public let signature: [UInt8]
    /// The x5c certificates, leaf first.
    public let certificates: [X509Certificate]

    public init(_ token: String, cache: CertificateCache = .shared) throws(DecodeError) {
        // The initializer is public, so it cannot rely on the input sniffer having counted the dots.
        let segments = token.utf8.split(separator: UInt8(ascii: "."), maxSplits: 3, omittingEmptySubsequences: false)
            .map(Array.init)
        guard segments.count == 3 else { throw .jws(.segmentCount(segments.count)) }
        header = try Self.json(segments[0], "header")
        payload = try Self.json(segments[1], "payload")
        signature = try Self.bytes(segments[2], "signature")
        var certificates: [X509Certificate] = []
        for (index, entry) in (header["x5c"]?.arrayValue ?? []).enumerated() {
            guard case .string(let text) = entry else { continue }
            do {
                let der = try LenientBase64.decode(Array(text.utf8)).bytes
                certificates.append(try cache.certificate(der: der[...]))
            } catch let error as OpenSSLError {
                throw .jws(.invalidCertificate(index: index, error))
            } catch {
                throw .jws(.invalidCertificate(index: index, OpenSSLError(operation: "decoding base64", entries: ["\(error)"])))
            }
        }
        self.certificates = certificates
    }

    private static func bytes(_ segment: [UInt8], _ name: String) throws(DecodeError) -> [UInt8] {
        do {
            return try LenientBase64.decode(segment).bytes
        } catch {
            throw .jws(.segmentNotBase64(segment: name, offset: error.offset, reason: error.reason))
        }
    }

    private static func json(_ segment: [UInt8], _ name: String) throws(DecodeError) -> JSONValue {
        do {
            return try JSONParser.parse(try bytes(segment, name))
        } catch let error as JSONParser.Failure {
            throw .jws(.segmentNotJSON(segment: name, error))
        } catch let error as DecodeError {
            throw error
        } catch {
            throw .jws(.segmentNotJSON(segment: name, JSONParser.Failure(offset: 0, reason: "\(error)")))
        }
    }
}
