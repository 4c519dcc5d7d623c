import Foundation
import Synchronization
import TestSupport
import Testing

@testable import ReceiptKit

/// JWS header segments are parsed once per distinct segment (``JWSHeaderCache``). The key is every byte of the
/// segment, the one input of the parse: the same bytes give the kept JSON without parsing again, and a segment
/// that differs anywhere (first byte, middle, last byte, length) is parsed on its own. Each test fails for a key
/// that leaves part of the segment out (its length, head or tail only) or keeps a failure.
@Suite struct JWSHeaderCacheTests {
    /// Parses the segment as plain JSON text and counts the calls.
    final class Parser: Sendable {
        let calls = Atomic<Int>(0)
        func parse(_ segment: ArraySlice<UInt8>) throws(JSONParser.Failure) -> JSONValue {
            calls.add(1, ordering: .relaxed)
            return try JSONParser.parse(Array(segment))
        }
    }

    static func segment(alg: String, x5c: String) -> [UInt8] {
        Array(#"{"alg":"\#(alg)","x5c":["\#(x5c)"]}"#.utf8)
    }

    @Test func theSameBytesAreParsedOnce() throws {
        let cache = JWSHeaderCache()
        let parser = Parser()
        let bytes = Self.segment(alg: "ES256", x5c: String(repeating: "A", count: 4000))
        let first = try cache.header(bytes[...], parse: parser.parse).json
        let second = try cache.header(Array(bytes)[...], parse: parser.parse).json
        #expect(first == second)
        #expect(first["alg"]?.scalarText == "ES256")
        #expect(parser.calls.load(ordering: .relaxed) == 1)
        #expect(cache.parses.load(ordering: .relaxed) == 1)
    }

    @Test func aSegmentThatDiffersAnywhereIsParsedOnItsOwn() throws {
        let cache = JWSHeaderCache()
        let parser = Parser()
        let body = String(repeating: "A", count: 4000)
        var middle = Array(body)
        middle[2000] = "B"
        let variants: [[UInt8]] = [
            Self.segment(alg: "ES256", x5c: body),
            Self.segment(alg: "ES384", x5c: body),  // differs near the start only
            Self.segment(alg: "ES256", x5c: String(middle)),  // in the middle only
            Self.segment(alg: "ES256", x5c: String(body.dropLast()) + "C"),  // in the last x5c byte only
            Self.segment(alg: "ES256", x5c: body + "A"),  // one byte longer
            Array(Self.segment(alg: "ES256", x5c: body).dropLast()) + Array(" }".utf8),  // the same JSON, other bytes
        ]
        for variant in variants {
            let json = try cache.header(variant[...], parse: parser.parse).json
            #expect(json == (try JSONParser.parse(variant)))
        }
        #expect(parser.calls.load(ordering: .relaxed) == variants.count)
        // Each is now found as itself.
        for variant in variants {
            #expect(try cache.header(variant[...], parse: parser.parse).json == (try JSONParser.parse(variant)))
        }
        #expect(parser.calls.load(ordering: .relaxed) == variants.count)
    }

    @Test func aFailureIsNeverKept() {
        let cache = JWSHeaderCache()
        let parser = Parser()
        let broken = Array(#"{"alg":"ES256","x5c":["#.utf8)
        for _ in 0..<2 {
            #expect(throws: JSONParser.Failure.self) { try cache.header(broken[...], parse: parser.parse) }
        }
        #expect(parser.calls.load(ordering: .relaxed) == 2)
    }

    @Test func aFullTableReplacesEntriesAndStillAnswersRight() throws {
        let cache = JWSHeaderCache(capacity: 2)
        let parser = Parser()
        let segments = (0..<5).map { Self.segment(alg: "ES256", x5c: "leaf\($0)") }
        for _ in 0..<2 {
            for segment in segments {
                #expect(try cache.header(segment[...], parse: parser.parse).json == (try JSONParser.parse(segment)))
            }
        }
        // Nothing wrong was ever served; with two entries for five segments in turn each is parsed again.
        #expect(parser.calls.load(ordering: .relaxed) == 10)
        #expect(try cache.header(segments[4][...], parse: parser.parse).json == (try JSONParser.parse(segments[4])))
        #expect(parser.calls.load(ordering: .relaxed) == 10)
    }

    @Test func aSegmentLongerThanTheLimitIsNotKept() throws {
        let cache = JWSHeaderCache()
        let parser = Parser()
        let long = Self.segment(alg: "ES256", x5c: String(repeating: "A", count: JWSHeaderCache.maximumSegmentLength))
        for _ in 0..<2 { _ = try cache.header(long[...], parse: parser.parse) }
        #expect(parser.calls.load(ordering: .relaxed) == 2)
    }

    /// Two tokens with the same header and other payloads: the header is shared, each payload is its own.
    @Test func tokensSharingAHeaderKeepTheirOwnPayloads() throws {
        let valid = String(decoding: try Fixtures.testVector("jws/valid/transaction.jws"), as: UTF8.self)
            .trimmingCharacters(in: .whitespacesAndNewlines)
        let segments = valid.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        let otherPayload = LenientBase64.encode(Array(#"{"bundleId":"com.example.other"}"#.utf8), urlSafe: true)
            .replacingOccurrences(of: "=", with: "")
        let first = try CompactJWS(valid, cache: CertificateCache())
        let second = try CompactJWS([segments[0], otherPayload, segments[2]].joined(separator: "."), cache: CertificateCache())
        #expect(second.header.certificateChain.value == first.header.certificateChain.value)
        #expect(second.payload["bundleId"]?.scalarText == "com.example.other")
        #expect(first.payload["bundleId"]?.scalarText != "com.example.other")
    }

    /// The checks kept with a segment are those its own bytes give, so two segments that differ get their own.
    @Test func theKeptChecksAreThoseOfTheSegmentsOwnHeader() throws {
        let cache = JWSHeaderCache()
        let parser = Parser()
        let headers = [
            #"{"alg":"ES256","x5c":["QUJD"]}"#, #"{"alg":"ES256","x5c":["QUJD"],"crit":["b64"]}"#,
            #"{"alg":"HS256","x5c":["QUJD"]}"#, #"{"x5c":["QUJD"]}"#, #"{"alg":"ES256","x5c":["QUJD-_"]}"#,
            #"{"alg":"ES256","x5c":["QUJD"],"kid":"k"}"#,
        ]
        for _ in 0..<2 {
            for text in headers {
                let parsed = try cache.header(Array(text.utf8)[...], parse: parser.parse)
                let header = try #require(JWSHeader(try JSONParser.parse(text)))
                #expect(parsed.header == header)
                #expect(parsed.algorithmCheck == JWSVerifier.algorithmCheck(header), "\(text)")
                #expect(parsed.headerCheck == JWSHeaderCheck.check(header), "\(text)")
                #expect(parsed.x5cFormatProblem == JWSVerifier.x5cFormatProblem(header), "\(text)")
            }
        }
        #expect(parser.calls.load(ordering: .relaxed) == headers.count)
        #expect(try cache.header(Array("[1]".utf8)[...], parse: parser.parse).header == nil)
    }

    /// The certificates are kept for the cache that made them: another cache decodes its own (a key that left the
    /// cache out would hand it the first cache's), and a decode that fails is not kept.
    @Test func theCertificatesAreKeptPerCertificateCache() throws {
        let valid = String(decoding: try Fixtures.testVector("jws/valid/transaction.jws"), as: UTF8.self)
            .trimmingCharacters(in: .whitespacesAndNewlines)
        let made = try CompactJWS(valid, cache: CertificateCache()).certificates
        let parsed = ParsedJWSHeader(try JSONParser.parse(#"{"alg":"ES256","x5c":["QUJD","REVG"]}"#))
        let (first, second) = (CertificateCache(), CertificateCache())
        let decodes = Atomic<Int>(0)
        func certificates(_ cache: CertificateCache, _ which: [X509Certificate]) throws -> [X509Certificate] {
            try parsed.certificates(cache: cache) { _ in
                decodes.add(1, ordering: .relaxed)
                return which
            }
        }
        let kept = try certificates(first, made)
        #expect(try certificates(first, []).elementsEqual(kept, by: ===))
        #expect(decodes.load(ordering: .relaxed) == 1)
        let other = Array(made.reversed())
        #expect(try certificates(second, other).elementsEqual(other, by: ===))
        #expect(decodes.load(ordering: .relaxed) == 2)
        struct Refused: Error {}
        let third = CertificateCache()
        #expect(throws: Refused.self) { try parsed.certificates(cache: third) { _ throws(Refused) in throw Refused() } }
        #expect(try certificates(third, made).elementsEqual(made, by: ===))
        #expect(decodes.load(ordering: .relaxed) == 3)
    }

    /// Through ``CompactJWS``: a token read with another cache gets that cache's certificates, filed in it.
    @Test func aTokenReadWithAnotherCacheFillsThatCache() throws {
        let valid = String(decoding: try Fixtures.testVector("jws/valid/transaction.jws"), as: UTF8.self)
            .trimmingCharacters(in: .whitespacesAndNewlines)
        let (first, second) = (CertificateCache(), CertificateCache())
        let one = try CompactJWS(valid, cache: first)
        let two = try CompactJWS(valid, cache: second)
        let texts = try #require(two.header.certificateChain.value)
        for (index, text) in texts.enumerated() {
            #expect(first.certificate(base64: Array(text.utf8)[...]) === one.certificates[index])
            #expect(second.certificate(base64: Array(text.utf8)[...]) === two.certificates[index])
        }
        #expect(try CompactJWS(valid, cache: first).certificates.elementsEqual(one.certificates, by: ===))
    }
}
