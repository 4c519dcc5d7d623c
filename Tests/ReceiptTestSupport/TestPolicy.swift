public import ReceiptKit
import TestSupport

/// A verification policy that trusts a test PKI certificate instead of Apple's root.
public func testPolicy(anchor: String = "pki/root.pem") throws -> VerificationPolicy {
    var policy = VerificationPolicy()
    policy.anchors = try X509Certificate.load(try Fixtures.testVector(anchor)).map {
        TrustAnchor(certificate: $0, source: anchor)
    }
    return policy
}
