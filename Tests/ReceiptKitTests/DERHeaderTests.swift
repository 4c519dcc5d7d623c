import Foundation
import TestSupport
import Testing

@testable import ReceiptKit

/// The Swift header reader of the payload walk (``DERHeader``) against OpenSSL's `ASN1_get_object`: on every
/// element of the vectors, on random headers and on mutated real ones. Where the Swift reader answers, OpenSSL
/// must read the same tag, class, constructed bit, length and header length; for a plain header (low tag number,
/// definite length in at most four length octets) the two must also agree on accept and refuse, so the
/// reader never declines what OpenSSL reads, and never reads what OpenSSL refuses.
@Suite struct DERHeaderTests {
    /// What was compared: how many headers the Swift reader read, and how many it left to OpenSSL.
    struct Tally {
        var read = 0
        var declined = 0
    }

    /// Compares the two readers on the header at `offset` bounded by `limit`; records an issue on disagreement.
    static func compare(_ bytes: [UInt8], at offset: Int, limit: Int, _ tally: inout Tally, _ what: @autoclosure () -> String) {
        let fast = bytes.withUnsafeBufferPointer { DERHeader.read($0, at: offset, limit: limit) }
        let openSSL = ASN1Reader.openSSLHeaderClearingErrors(bytes, at: offset, limit: limit)
        let accepted = openSSL.flags & 0x80 == 0
        if let fast {
            tally.read += 1
            let agrees =
                accepted && openSSL.flags & 0x01 == 0 && Int(openSSL.tag) == Int(fast.identifierOctet & 0x1F)
                && Int(openSSL.tagClass) == Int(fast.identifierOctet & 0xC0)
                && (openSSL.flags & 0x20 != 0) == (fast.identifierOctet & 0x20 != 0) && openSSL.length == fast.contentLength
                && openSSL.headerLength == fast.length
            if !agrees {
                Issue.record("\(what()): Swift read \(fast), OpenSSL \(openSSL) at offset \(offset), limit \(limit)")
            }
            return
        }
        tally.declined += 1
        if accepted, isPlain(bytes, at: offset, limit: limit), openSSL.flags & 0x01 == 0 {
            Issue.record("\(what()): OpenSSL read the plain header \(openSSL) at offset \(offset), the Swift reader declined")
        }
    }

    /// A low-tag-number header with a short or one-to-four-octet long length: the case ``DERHeader`` takes.
    static func isPlain(_ bytes: [UInt8], at offset: Int, limit: Int) -> Bool {
        guard offset >= 0, offset < limit, limit <= bytes.count, limit - offset >= 2, bytes[offset] & 0x1F != 0x1F else {
            return false
        }
        let lengthOctet = bytes[offset + 1]
        return lengthOctet < 0x80 || (1...4).contains(lengthOctet & 0x7F)
    }

    /// Every element start of `bytes` with the limit of its parent, found by OpenSSL: constructed content and the
    /// content of primitive elements that parse as elements too (the payload sits in an OCTET STRING).
    static func elementStarts(_ bytes: [UInt8]) -> [(offset: Int, limit: Int)] {
        var starts: [(offset: Int, limit: Int)] = []
        var pending: [(offset: Int, limit: Int, depth: Int)] = [(0, bytes.count, 0)]
        while let (start, limit, depth) = pending.popLast() {
            var cursor = start
            while cursor < limit, depth < 40 {
                let header = ASN1Reader.openSSLHeaderClearingErrors(bytes, at: cursor, limit: limit)
                starts.append((cursor, limit))
                guard header.flags & 0x81 == 0 else { break }
                let contentStart = cursor + header.headerLength
                let contentEnd = contentStart + header.length
                if contentEnd > contentStart { pending.append((contentStart, contentEnd, depth + 1)) }
                cursor = contentEnd
            }
        }
        return starts
    }

    /// The DER of every receipt vector: the project's own, and ../shared/vectors' when present.
    static func vectorDERs() throws -> [(name: String, der: [UInt8])] {
        var ders: [(name: String, der: [UInt8])] = []
        let folder = Fixtures.testVectors.appendingPathComponent("receipts")
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() where name.hasSuffix(".der") {
            ders.append((name, try Fixtures.bytes(folder.appendingPathComponent(name))))
        }
        for entry in try ManifestEntry.receipts() {
            if case .pkcs7(let der) = try InputDecoder.decode(try Fixtures.shared(entry.file)).payload {
                ders.append((entry.file, der))
            }
        }
        if !Corpus.available { print("DERHeaderTests: \(Corpus.absent); TestVectors only") }
        return ders
    }

    @Test func agreesWithOpenSSLOnEveryElementOfTheVectors() throws {
        let ders = try Self.vectorDERs()
        #expect(ders.count >= 5, "too few vectors to compare on")
        var tally = Tally()
        for (name, der) in ders {
            for (offset, limit) in Self.elementStarts(der) {
                Self.compare(der, at: offset, limit: limit, &tally, name)
            }
        }
        // The payload of the 187-purchase receipt alone has about 13,000 elements.
        #expect(tally.read > 10_000)
    }

    @Test func agreesWithOpenSSLOnRandomHeaders() {
        var generator = SplitMix(state: 13)
        var tally = Tally()
        let lengthOctets: [UInt8] = [0x00, 0x01, 0x05, 0x7F, 0x80, 0x81, 0x82, 0x83, 0x84, 0x85, 0x88, 0x89, 0xFF]
        for round in 0..<200_000 {
            let count = Int.random(in: 1...12, using: &generator)
            var bytes = (0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) }
            if count > 1, Bool.random(using: &generator) { bytes[1] = lengthOctets.randomElement(using: &generator) ?? 0 }
            // Long-form lengths with leading zeros and small values, so that many fit.
            if count > 2, Bool.random(using: &generator) { bytes[2] = 0 }
            if count > 3, Bool.random(using: &generator) { bytes[3] = UInt8.random(in: 0...3, using: &generator) }
            let offset = Int.random(in: 0..<count, using: &generator)
            let limit = Int.random(in: offset...count, using: &generator)
            Self.compare(bytes, at: offset, limit: limit, &tally, "random case \(round) \(bytes)")
        }
        // Both sides of the line are exercised: headers the Swift reader reads, and ones it leaves to OpenSSL.
        #expect(tally.read > 10_000)
        #expect(tally.declined > 20_000)
    }

    @Test func agreesWithOpenSSLOnMutatedHeadersOfAReceipt() throws {
        let der = try Fixtures.testVector("receipts/many-inapp-200.der")
        let starts = Self.elementStarts(der)
        #expect(starts.count > 1_000)
        var generator = SplitMix(state: 1_317)
        var tally = Tally()
        for round in 0..<50_000 {
            guard let (offset, limit) = starts.randomElement(using: &generator) else { break }
            var bytes = Array(der[offset..<min(limit, offset + 12)])
            let position = Int.random(in: 0..<min(bytes.count, 6), using: &generator)
            bytes[position] =
                Bool.random(using: &generator)
                ? bytes[position] ^ (1 << UInt8.random(in: 0...7, using: &generator))
                : UInt8.random(in: 0...255, using: &generator)
            let cut = Int.random(in: 1...bytes.count, using: &generator)
            Self.compare(bytes, at: 0, limit: cut, &tally, "mutation \(round) of offset \(offset)")
        }
        #expect(tally.read > 5_000)
    }

    /// The span reader (Swift headers, OpenSSL for the rest) finds what the node reader finds, or throws its error.
    @Test func spanReaderMatchesTheNodeReader() {
        var generator = SplitMix(state: 7)
        var compared = 0
        for _ in 0..<50_000 {
            let count = Int.random(in: 1...10, using: &generator)
            var bytes = (0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) }
            if count > 1, Bool.random(using: &generator) { bytes[1] = UInt8.random(in: 0...6, using: &generator) }
            if Bool.random(using: &generator) {
                bytes[0] = [0x30, 0x31, 0x04, 0x02, 0x24, 0x0C].randomElement(using: &generator) ?? 0
            }
            let limit = Int.random(in: 0...count, using: &generator)
            let depth = [0, 1, Limits.maximumASN1Depth, Limits.maximumASN1Depth + 1].randomElement(using: &generator) ?? 0
            let storage = ASN1Buffer(bytes)
            let node = Result { () throws(ASN1Error) in
                ASN1Span(try ASN1Reader.readElement(in: storage, at: 0, limit: limit, depth: depth))
            }
            let span = Result { () throws(ASN1Error) in
                try storage.withSpanReader { reader throws(ASN1Error) in try reader.element(at: 0, limit: limit, depth: depth) }
            }
            switch (node, span) {
            case (.success(let a), .success(let b)):
                #expect(
                    a.identifier == b.identifier && a.offset == b.offset && a.contentRange == b.contentRange && a.end == b.end
                        && a.depth == b.depth && a.declaredLength == b.declaredLength, "\(bytes) limit \(limit)")
            case (.failure(let a), .failure(let b)):
                #expect(a == b, "\(bytes) limit \(limit)")
            default:
                Issue.record("\(bytes) limit \(limit) depth \(depth): node reader \(node), span reader \(span)")
            }
            compared += 1
        }
        #expect(compared == 50_000)
    }
}
