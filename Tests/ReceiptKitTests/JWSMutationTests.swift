import Foundation
import ReceiptKit
import TestSupport
import Testing

/// Damaged StoreKit 2 data never crashes the decoder or the verifier, and is never valid unless the damage left
/// every signed byte as it was: each mutation is refused with an error, or verifies to a verdict.
@Suite struct JWSMutationTests {
    @Test(arguments: ["valid/transaction.jws", "valid/notification.jws", "valid/xcode-transaction.jws"])
    func tokenMutations(file: String) throws {
        let original = try Fixtures.testVector("jws/" + file)
        let reference = try JWSVectorTests.jws(file)
        var random = SplitMix(state: UInt64(file.utf8.count) &* 7_368_787)
        let verifier = SignedDataVerifier(policy: try JWSVectorTests.policy(allowXcode: true))
        let alphabet = Array("AZaz09-_+/=.{}\" \u{0}".utf8)
        var refused = 0
        var invalid = 0
        for round in 0..<240 {
            var bytes = original
            switch round % 3 {
            case 0: bytes[random.below(bytes.count)] = alphabet[random.below(alphabet.count)]
            case 1: bytes = Array(bytes.prefix(random.below(bytes.count)))
            default: bytes.insert(alphabet[random.below(alphabet.count)], at: random.below(bytes.count))
            }
            do {
                let (_, document) = try ReceiptDecoder.decode(bytes)
                guard case .jws(let jws) = document else { continue }
                let report = verifier.verify(jws)
                var output = JSONOutput(pretty: false)
                report.write(to: &output, .library)
                _ = StoreKitSubscriptionInputs(report)
                let untouched =
                    jws.signingInput == reference.signingInput && jws.signature == reference.signature
                    && jws.header == reference.header
                if report.verdict == .valid {
                    #expect(untouched, "round \(round): a changed token verified")
                } else {
                    invalid += 1
                }
            } catch {
                refused += 1
                if let offset = error.offset { #expect(offset >= 0 && offset <= bytes.count, "\(error)") }
                #expect(!error.description.isEmpty)
            }
        }
        #expect(refused > 0)
        #expect(invalid > 0)
    }

    @Test("damaged App Store Server API bodies are read or refused")
    func bodyMutations() throws {
        let original = try Fixtures.testVector("jws/bodies/all-subscription-statuses.json")
        var random = SplitMix(state: 424_242)
        let verifier = SignedDataVerifier(policy: try JWSVectorTests.policy())
        let replacements = Array("{}[]\",:.0aZ\u{0}".utf8)
        var read = 0
        for round in 0..<80 {
            var bytes = original
            if round % 2 == 0 {
                bytes[random.below(bytes.count)] = replacements[random.below(replacements.count)]
            } else {
                bytes = Array(bytes.prefix(random.below(bytes.count)))
            }
            do {
                let input = try InputDecoder.decode(bytes)
                guard case .signedDataBody(let body) = input.payload else { continue }
                let report = verifier.verify(body)
                var output = JSONOutput(pretty: false)
                report.write(to: &output, .library)
                _ = StoreKitSubscriptionInputs(report)
                read += 1
            } catch {
                #expect(!error.description.isEmpty)
            }
        }
        #expect(read > 0)
    }
}
