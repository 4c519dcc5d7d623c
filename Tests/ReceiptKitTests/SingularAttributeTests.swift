import Foundation
import ReceiptKit
import ReceiptTestSupport
import TestSupport
import Testing

/// Issue 8, point 5: one attribute, one meaning. A singular attribute that repeats fails every check that reads
/// it, requested or not, and the failure names the attribute and where its copies are.
@Suite struct SingularAttributeTests {
    static let device = "11111111-2222-3333-4444-555555555555"

    func status(_ report: VerificationReport, _ id: CheckID) -> VerificationCheck.Status? {
        report.checks.first { $0.id == id }?.status
    }

    /// Two bundle ids, an INTEGER then a string, and a device hash over the INTEGER: checking the string and
    /// hashing the first attribute used to pass both. Both now fail, naming attribute 2.
    @Test func twoBundleIDsFailBothTheBundleAndTheDeviceCheck() throws {
        let receipt = try appReceipt("attacks/repeated-bundle-id.der")
        #expect(receipt.receipt.bundleID == "com.example.appreceipt.device")
        var policy = try testPolicy()
        policy.bundleIDs = ["com.example.appreceipt.device"]
        policy.deviceID = DeviceIdentifier(Self.device)
        let report = ReceiptVerifier(policy: policy).verify(receipt)
        #expect(Set(report.failedCheckIDs) == [CheckID.bundleID, CheckID.deviceHash])
        for id in [CheckID.bundleID, CheckID.deviceHash] {
            let detail = try #require(report.checks.first { $0.id == id }).detail.description
            #expect(detail.hasPrefix("attribute 2 (bundle_id) appears 2 times, at offsets "), "\(detail)")
        }
        #expect(report.verdict == .invalid)
    }

    @Test func eachRepeatedAttributeFailsTheCheckThatReadsIt() throws {
        let report = ReceiptVerifier(policy: try testPolicy()).verify(try appReceipt("attacks/repeated-singular-attributes.der"))
        let named: [CheckID: [String]] = [
            .creationDate: ["attribute 12 (receipt_creation_date)"],
            .appVersion: ["attribute 3 (application_version)", "attribute 19 (original_application_version)"],
            .deviceHash: ["attribute 4 (opaque_value)", "attribute 5 (sha1_hash)"],
            .environment: ["attribute 0 (receipt_type)"], .expiration: ["attribute 21 (expiration_date)"],
        ]
        #expect(Set(report.failedCheckIDs) == Set(named.keys))
        for (id, attributes) in named {
            let detail = try #require(report.checks.first { $0.id == id }).detail.description
            for attribute in attributes { #expect(detail.contains("\(attribute) appears 2 times"), "\(id): \(detail)") }
        }
        // The bundle id appears once here, so its check is as usual: not requested.
        #expect(status(report, .bundleID) == .skip)
    }

    /// The same receipt shape with every attribute once passes: the rule is about repeats, nothing else.
    @Test func aReceiptWithEachAttributeOncePassesTheSameChecks() throws {
        var policy = try testPolicy()
        policy.deviceID = DeviceIdentifier(Self.device)
        policy.bundleIDs = ["com.example.appreceipt.device"]
        let report = ReceiptVerifier(policy: policy).verify(try appReceipt("receipts/device-hash.der"))
        #expect(report.verdict == .valid, "\(report.failedCheckIDs)")
    }
}
