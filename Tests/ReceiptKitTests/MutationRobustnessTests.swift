import Foundation
import ReceiptKit
import Testing

/// Damaged receipts never crash or hang the decoder or the verifier: every mutation either decodes (and then
/// verifies to some verdict) or is refused with an error that names an offset inside the input.
@Suite struct MutationRobustnessTests {
    /// A small deterministic generator, so a failure reproduces.
    struct SplitMix {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }
    }

    @Test(arguments: [
        "receipts/one-inapp.der", "receipts/one-inapp-ber-indefinite.der", "receipts/xcode-like.der",
        "receipts/unknown-attributes.der",
    ])
    func mutationsAreDecodedOrRefusedWithAnOffset(file: String) throws {
        let original = try Fixtures.testVector(file)
        var random = SplitMix(state: UInt64(file.utf8.count) &* 7919)
        let verifier = ReceiptVerifier(policy: try testPolicy())
        var refused = 0
        var decoded = 0
        for round in 0..<600 {
            var bytes = original
            switch round % 4 {
            case 0: bytes[random.below(bytes.count)] ^= UInt8(1 << random.below(8))
            case 1: bytes = Array(bytes.prefix(random.below(bytes.count)))
            case 2: bytes[random.below(bytes.count)] = UInt8(random.below(256))
            default:
                // Damage a length octet near the start, where the container's headers are.
                bytes[1 + random.below(min(64, bytes.count - 1))] = [0x80, 0x81, 0x82, 0x84, 0xFF, 0x00][random.below(6)]
            }
            do {
                let (_, document) = try ReceiptDecoder.decode(bytes)
                decoded += 1
                if case .appReceipt(let receipt) = document {
                    _ = verifier.verify(receipt)
                    _ = receipt.receipt.json
                }
            } catch {
                refused += 1
                if let offset = error.offset { #expect(offset >= 0 && offset <= bytes.count, "\(error)") }
                #expect(!error.description.isEmpty)
            }
        }
        #expect(refused > 0)
        #expect(decoded + refused == 600)
    }

    /// The same for the text formats: transaction-receipt plists and verifyReceipt responses.
    @Test(arguments: ["receipts/ios6-transaction.b64", "responses/one-inapp.json", "responses/subscriptions/drift.json"])
    func textMutationsAreReadOrRefused(file: String) throws {
        let original = try Fixtures.testVector(file)
        var random = SplitMix(state: UInt64(file.utf8.count) &* 104_729)
        let evaluateAt = try ReceiptDateParser.parse("2024-06-01T00:00:00Z")
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
                    _ = response.normalizedLatestReceiptInfo
                } catch let error as JSONParser.Failure {
                    #expect(error.offset <= bytes.count)
                } catch {
                    #expect(!"\(error)".isEmpty)
                }
            } else {
                do {
                    let (_, document) = try ReceiptDecoder.decode(bytes)
                    if case .transactionReceipt(let transaction) = document {
                        _ = ReceiptVerifier(policy: VerificationPolicy()).verify(transaction)
                    }
                } catch {
                    #expect(!error.description.isEmpty)
                }
            }
        }
    }
}
