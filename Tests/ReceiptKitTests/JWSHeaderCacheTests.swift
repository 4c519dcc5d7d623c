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
        let first = try cache.json(bytes[...], parse: parser.parse)
        let second = try cache.json(Array(bytes)[...], parse: parser.parse)
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
            let json = try cache.json(variant[...], parse: parser.parse)
            #expect(json == (try JSONParser.parse(variant)))
        }
        #expect(parser.calls.load(ordering: .relaxed) == variants.count)
        // Each is now found as itself.
        for variant in variants {
            #expect(try cache.json(variant[...], parse: parser.parse) == (try JSONParser.parse(variant)))
        }
        #expect(parser.calls.load(ordering: .relaxed) == variants.count)
    }

    @Test func aFailureIsNeverKept() {
        let cache = JWSHeaderCache()
        let parser = Parser()
        let broken = Array(#"{"alg":"ES256","x5c":["#.utf8)
        for _ in 0..<2 {
            #expect(throws: JSONParser.Failure.self) { try cache.json(broken[...], parse: parser.parse) }
        }
        #expect(parser.calls.load(ordering: .relaxed) == 2)
    }

    @Test func aFullTableReplacesEntriesAndStillAnswersRight() throws {
        let cache = JWSHeaderCache(capacity: 2)
        let parser = Parser()
        let segments = (0..<5).map { Self.segment(alg: "ES256", x5c: "leaf\($0)") }
        for _ in 0..<2 {
            for segment in segments {
                #expect(try cache.json(segment[...], parse: parser.parse) == (try JSONParser.parse(segment)))
            }
        }
        // Nothing wrong was ever served; with two entries for five segments in turn each is parsed again.
        #expect(parser.calls.load(ordering: .relaxed) == 10)
        #expect(try cache.json(segments[4][...], parse: parser.parse) == (try JSONParser.parse(segments[4])))
        #expect(parser.calls.load(ordering: .relaxed) == 10)
    }

    @Test func aSegmentLongerThanTheLimitIsNotKept() throws {
        let cache = JWSHeaderCache()
        let parser = Parser()
        let long = Self.segment(alg: "ES256", x5c: String(repeating: "A", count: JWSHeaderCache.maximumSegmentLength))
        for _ in 0..<2 { _ = try cache.json(long[...], parse: parser.parse) }
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
}
