import Foundation
import Synchronization
import TestSupport
import Testing

@testable import ReceiptKit

/// x5c entries are looked up by their exact text before their base64 is decoded (``CertificateCache``). The key is
/// the whole text, the one input of that decode: a text seen before gives the same certificate without a second
/// decode, and any other text, even one that decodes to the same DER, is decoded on its own and checked on its
/// own (`jws.x5c` reads the text, never the cache). Each test fails for a key that leaves part of the text out.
@Suite struct X5CTextCacheTests {
    static func token(x5c: [String]) throws -> String {
        let valid = String(decoding: try Fixtures.testVector("jws/valid/transaction.jws"), as: UTF8.self)
            .trimmingCharacters(in: .whitespacesAndNewlines)
        let segments = valid.split(separator: ".", omittingEmptySubsequences: false)
        var header =
            try JSONParser.parse(String(decoding: try LenientBase64.decode(Array(segments[0].utf8)).bytes, as: UTF8.self))
            .objectValue ?? [:]
        header["x5c"] = .array(x5c.map(JSONValue.string))
        let headerText = JSONValue.object(header).text(pretty: false)
        return LenientBase64.encode(Array(headerText.utf8), urlSafe: true).replacingOccurrences(of: "=", with: "")
            + "." + segments[1] + "." + segments[2]
    }

    static func leafText() throws -> String {
        let valid = String(decoding: try Fixtures.testVector("jws/valid/transaction.jws"), as: UTF8.self)
            .trimmingCharacters(in: .whitespacesAndNewlines)
        return try #require(try CompactJWS(valid, cache: CertificateCache()).header.certificateChain.value?.first)
    }

    @Test func aTextSeenBeforeIsNotDecodedAgain() throws {
        let cache = CertificateCache()
        let text = try Self.leafText()
        let first = try CompactJWS(try Self.token(x5c: [text]), cache: cache)
        #expect(cache.certificate(base64: Array(text.utf8)[...]) === first.certificates.first)
        let second = try CompactJWS(try Self.token(x5c: [text]), cache: cache)
        #expect(second.certificates.first === first.certificates.first)
        #expect(cache.decodes.load(ordering: .relaxed) == 1)
    }

    @Test func anotherTextOfTheSameDERIsLookedUpByItsOwnText() throws {
        let cache = CertificateCache()
        let text = try Self.leafText()
        // The same DER in base64url with line breaks: not standard padded base64, which jws.x5c must still see.
        var wrapped = text.replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
        wrapped.insert("\n", at: wrapped.index(wrapped.startIndex, offsetBy: 64))
        _ = try CompactJWS(try Self.token(x5c: [text]), cache: cache)
        #expect(cache.certificate(base64: Array(wrapped.utf8)[...]) == nil)
        let other = try CompactJWS(try Self.token(x5c: [wrapped]), cache: cache)
        #expect(other.header.certificateChain.value == [wrapped])
        #expect(!JWSVerifier.isStandardBase64(wrapped) && JWSVerifier.isStandardBase64(text))
        // A text that differs only in its last character is another entry too (the key hashes the tail).
        let cut = String(text.dropLast(4))
        #expect(cache.certificate(base64: Array(cut.utf8)[...]) == nil)
    }
}
