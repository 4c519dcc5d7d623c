import Foundation
import ReceiptKit
import TestSupport
import Testing

/// Every malformed vector is refused with an error that names the problem and the byte offset.
@Suite struct MalformedVectorTests {
    @Test("malformed vector is refused at its offset", arguments: try VectorExpectation.of(kind: "malformed"))
    func refusedAtItsOffset(expected: VectorExpectation) throws {
        let bytes = try Fixtures.testVector(expected.file)
        let malformed = try #require(expected["malformed"] as? [String: Any])
        let offset = (malformed["offset"] as? NSNumber)?.intValue
        let error = try #require(throws: DecodeError.self) { try ReceiptDecoder.decode(bytes) }
        let name = (expected.file as NSString).lastPathComponent
        switch name {
        case "empty.der":
            #expect(error == .input(.empty))
        case "deep-nesting.der":
            // Stopped at the reader's depth limit; header d sits at offset 2*d.
            #expect(
                error
                    == .container(
                        .asn1(.nestingTooDeep(offset: 2 * (ASN1Reader.maximumDepth + 1), limit: ASN1Reader.maximumDepth))))
        default:
            #expect(error.offset == offset, "\(error)")
            #expect(error.description.contains("offset \(offset ?? -1)"), "\(error)")
        }
        let keyword: [String: String] = [
            "truncated.der": "runs past the end of the input", "length-past-end.der": "runs past the end of the input",
            "trailing-bytes.der": "trailing bytes", "wrong-tag.der": "found SET",
            "enveloped-data.der": "content type is envelopedData, expected signedData",
            "not-base64.b64": "not base64: invalid character '#' at offset 112", "empty.der": "input is empty",
            "deep-nesting.der": "nest deeper than",
            "octet-string-segment-context.der": "expected OCTET STRING segment (X.690 §8.7.3.2) at offset 54, found [0]",
            "octet-string-segment-application.der": "OCTET STRING segment (X.690 §8.7.3.2) at offset 54, found [APPLICATION 4]",
            "octet-string-segment-private.der": "OCTET STRING segment (X.690 §8.7.3.2) at offset 54, found [PRIVATE 4]",
            "signer-serial-non-minimal.der": "serialNumber is an INTEGER with a redundant leading octet (X.690 §8.3.2)",
            "payload-triple-wrapped.der": "wrapped in a second extra OCTET STRING (only one extra wrapping is accepted",
        ]
        #expect(error.description.contains(try #require(keyword[name])), "\(error)")
    }
}
