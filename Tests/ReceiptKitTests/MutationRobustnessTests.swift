import Foundation
import ReceiptKit
import ReceiptTestSupport
import TestSupport
import Testing

/// Damaged receipts never crash or hang the decoder or the verifier: every mutation either decodes (and then
/// verifies to some verdict) or is refused with an error that names an offset inside the input.
@Suite struct MutationRobustnessTests {
    /// Damages `original` in one of four ways, chosen by `round`.
    static func mutate(_ original: [UInt8], round: Int, _ random: inout SplitMix) -> [UInt8] {
        var bytes = original
        switch round % 4 {
        case 0: bytes[random.below(bytes.count)] ^= UInt8(1 << random.below(8))
        case 1: bytes = Array(bytes.prefix(random.below(bytes.count)))
        case 2: bytes[random.below(bytes.count)] = UInt8(random.below(256))
        default:
            // Damage a length octet near the start, where the container's headers are.
            bytes[1 + random.below(min(64, bytes.count - 1))] = [0x80, 0x81, 0x82, 0x84, 0xFF, 0x00][random.below(6)]
        }
        return bytes
    }

    /// A refusal names where the input broke: an offset inside it, also in the message. Only input that is empty
    /// or recognised as no receipt format at all has no offset to name.
    static func expectOffset(_ error: DecodeError, in bytes: [UInt8], round: Int) {
        switch error {
        case .input(.empty):
            #expect(bytes.allSatisfy(ASCII.isWhitespace), "round \(round): called empty: \(error)")
        case .input(.unrecognised):
            break
        case .transactionReceipt(let inner):
            #expect(inner.description.hasPrefix("transaction receipt"), "round \(round): \(error)")
        default:
            guard let offset = error.offset else {
                Issue.record("round \(round): refused without an offset: \(error)")
                return
            }
            #expect(offset >= 0 && offset <= bytes.count, "round \(round): \(error)")
            #expect(error.description.contains("offset \(offset)"), "round \(round): \(error)")
        }
    }

    /// Every mutation is refused with an offset, or decodes; a decoded one is never `valid` unless its signed
    /// payload and its signature are the original's (a mutation elsewhere, e.g. in the unsigned NULL of an
    /// AlgorithmIdentifier, may keep it valid: the signature does not cover those bytes).
    @Test(arguments: [
        "receipts/one-inapp.der", "receipts/one-inapp-ber-indefinite.der", "receipts/xcode-like.der",
        "receipts/unknown-attributes.der", "receipts/signed-attributes.der",
    ])
    func mutationsAreRefusedWithAnOffsetOrNeverValidWhenAltered(file: String) throws {
        let original = try Fixtures.testVector(file)
        let reference = try appReceipt(file)
        let signer = try #require(reference.container.signerInfos.first)
        var random = SplitMix(state: UInt64(file.utf8.count) &* 7919)
        let verifier = ReceiptVerifier(
            policy: try testPolicy(anchor: file.contains("xcode") ? "pki/storekit.pem" : "pki/root.pem"))
        #expect(verifier.verify(reference).verdict == .valid)
        var refused = 0
        var altered = 0
        for round in 0..<600 {
            let bytes = Self.mutate(original, round: round, &random)
            do {
                let (_, document) = try ReceiptDecoder.decode(bytes)
                guard case .appReceipt(let receipt) = document else { continue }
                let report = verifier.verify(receipt)
                _ = receipt.receipt.json
                let mutated = receipt.container.signerInfos.first
                let unchanged =
                    receipt.container.content == reference.container.content && mutated?.signature == signer.signature
                    && mutated?.signedAttributesDER == signer.signedAttributesDER
                if !unchanged { altered += 1 }
                #expect(report.verdict != .valid || unchanged, "round \(round): altered payload or signature verified valid")
            } catch {
                refused += 1
                Self.expectOffset(error, in: bytes, round: round)
            }
        }
        // Both branches were exercised: some mutations were refused, some altered the signed bytes and decoded.
        #expect(refused > 0)
        #expect(altered > 0)
    }

    static let responseFailures = [
        "a verifyReceipt response is a JSON object", "not a verifyReceipt response: it has no numeric \"status\"",
    ]

    /// The same for the text formats: transaction-receipt plists (never valid once the signed purchase-info or
    /// the signature changed) and verifyReceipt responses (read, or refused with an offset or a named reason).
    @Test(arguments: ["receipts/ios6-transaction.b64", "responses/one-inapp.json", "responses/subscriptions/drift.json"])
    func textMutationsAreReadOrRefused(file: String) throws {
        let original = try Fixtures.testVector(file)
        var random = SplitMix(state: UInt64(file.utf8.count) &* 104_729)
        let evaluateAt = try ReceiptDateParser.parse("2024-06-01T00:00:00Z")
        var refused = 0
        for round in 0..<400 {
            var bytes = original
            if round % 2 == 0 {
                let replacements = Array("{}[]\",:=;.0aZ\u{0}\n".utf8)
                bytes[random.below(bytes.count)] = replacements[random.below(replacements.count)]
            } else {
                bytes = Array(bytes.prefix(random.below(bytes.count)))
            }
            if file.hasSuffix(".json") {
                do {
                    let response = try VerifyReceiptResponse(json: try JSONParser.parse(bytes))
                    let inputs = SubscriptionInputs(response: response)
                    _ = SubscriptionEvaluator(at: evaluateAt, sandbox: inputs.sandbox).evaluate(
                        transactions: inputs.transactions, renewals: inputs.renewals)
                    var output = JSONOutput(pretty: false)
                    response.writeNormalizedLatestReceiptInfo(to: &output)
                } catch let error as JSONParser.Failure {
                    refused += 1
                    #expect(error.offset >= 0 && error.offset <= bytes.count, "round \(round): \(error)")
                } catch let error as VerifyReceiptResponse.Failure {
                    refused += 1
                    #expect(Self.responseFailures.contains(error.description), "round \(round): \(error)")
                } catch {
                    Issue.record("round \(round): unexpected error \(type(of: error)): \(error)")
                }
            } else {
                refused +=
                    try transactionMutationIsRefusedOrNeverValidWhenAltered(bytes, original: original, round: round) ? 1 : 0
            }
        }
        #expect(refused > 0)
    }

    /// Whether the mutated iOS 6 receipt was refused; checks the refusal or the verdict.
    func transactionMutationIsRefusedOrNeverValidWhenAltered(_ bytes: [UInt8], original: [UInt8], round: Int) throws -> Bool {
        guard case .transactionReceipt(let reference) = try ReceiptDecoder.decode(original).1 else {
            throw Failure("the original is not a transaction receipt")
        }
        // With the issuing CA as anchor the original is valid, so a mutation that keeps it valid would show.
        let verifier = ReceiptVerifier(policy: try testPolicy(anchor: "pki/intermediate.pem"))
        do {
            let (_, document) = try ReceiptDecoder.decode(bytes)
            if case .transactionReceipt(let transaction) = document {
                let unchanged =
                    transaction.purchaseInfoBytes == reference.purchaseInfoBytes && transaction.signature == reference.signature
                #expect(verifier.verify(transaction).verdict != .valid || unchanged, "round \(round): altered receipt is valid")
            }
            return false
        } catch {
            Self.expectOffset(error, in: bytes, round: round)
            return true
        }
    }
}
