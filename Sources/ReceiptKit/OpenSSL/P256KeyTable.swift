internal import COpenSSL
import Synchronization

/// One EC P-256 public key with OpenSSL's fixed-base table for it, so that an ES256 check with that key costs
/// two table multiplications instead of one table multiplication and one windowed one.
///
/// An ECDSA check computes R = u1·G + u2·Q and compares R's x with r. OpenSSL keeps a table for the curve's
/// generator G, so u1·G is cheap, but it multiplies the key Q from scratch every time: that windowed
/// multiplication is about three quarters of `EVP_PKEY_verify`. Every StoreKit 2 item of a batch is signed by
/// one of a handful of Apple leaf keys, so this type gives one key the same treatment G gets: a copy of the curve
/// whose generator is Q, with OpenSSL's own precomputed table (`EC_GROUP_precompute_mult`, about 150 KB and tens
/// of milliseconds to build, see docs/storekit2-performance.md). ``ECDSAVerifyContexts`` builds one only for a
/// key that has already signed enough items to pay that back.
///
/// ``check(signature:sha256:)`` answers `holds` exactly when r and s are in [1, n-1] and x(u1·G + u2·Q) mod n = r,
/// with w = s⁻¹ mod n (checked by multiplying back), u1 = e·w and u2 = r·w: the acceptance of OpenSSL's verify for
/// the same r, s and 32-byte digest e. It answers `doesNotHold` when r and s are in range and every step was
/// computed but the x differs, which is the one case where OpenSSL's verify answers 0 with nothing on its error
/// queue. Anything else (r or s out of range, an OpenSSL call failing) is `cannotTell`, and the caller asks
/// `EVP_PKEY_verify`, whose answer and error text are then the ones reported. `P256KeyTableTests` compares all
/// three with OpenSSL's outcome. All the values involved are public, so nothing here needs constant time.
final class P256KeyTable: @unchecked Sendable {
    /// The scalars and points one check needs, reused by one thread at a time.
    private final class Scratch: @unchecked Sendable {
        let context: OpaquePointer
        let numbers: [OpaquePointer]
        let uG: OpaquePointer
        let uQ: OpaquePointer
        let uQOnCurve: OpaquePointer

        init?(curve: OpaquePointer, keyGroup: OpaquePointer) {
            guard let context = BN_CTX_new() else { return nil }
            self.context = context
            numbers = (0..<8).compactMap { _ in BN_new() }
            let points = [EC_POINT_new(curve), EC_POINT_new(keyGroup), EC_POINT_new(curve)]
            guard numbers.count == 8, let uG = points[0], let uQ = points[1], let uQOnCurve = points[2] else {
                numbers.forEach { BN_free($0) }
                points.forEach { EC_POINT_free($0) }
                BN_CTX_free(context)
                return nil
            }
            (self.uG, self.uQ, self.uQOnCurve) = (uG, uQ, uQOnCurve)
        }

        deinit {
            numbers.forEach { BN_free($0) }
            [uG, uQ, uQOnCurve].forEach { EC_POINT_free($0) }
            BN_CTX_free(context)
        }
    }

    /// How many tables may be alive at once, counted together: each is about 150 KB, and hostile input could
    /// otherwise make every certificate in ``CertificateCache`` build one.
    final class Budget: Sendable {
        /// The process-wide budget: 16 tables, about 2.4 MB.
        static let shared = Budget(limit: 16)

        let limit: Int
        /// Tables alive now under this budget.
        let live = Atomic<Int>(0)

        init(limit: Int) { self.limit = limit }

        /// Takes one place, or answers false when all are taken.
        fileprivate func take() -> Bool {
            guard live.add(1, ordering: .relaxed).newValue <= limit else {
                live.subtract(1, ordering: .relaxed)
                return false
            }
            return true
        }

        fileprivate func giveBack() { live.subtract(1, ordering: .relaxed) }
    }

    private let budget: Budget
    /// P-256 as OpenSSL names it, with its own table for G.
    private let curve: OpaquePointer
    /// P-256 with Q as its generator, and the table for Q.
    private let keyGroup: OpaquePointer
    /// The group order n, big-endian, 32 bytes: r and s are compared with it before any arithmetic.
    private let order: [UInt8]
    /// The same order as a number, for the inverse of s.
    private let orderNumber: ModularInverse256.Number
    private let idle = Mutex<[Scratch]>([])

    /// The table for the P-256 key of `key` (an `EVP_PKEY`), or nil when the key is not a P-256 point, OpenSSL
    /// cannot build the table, or `budget` has no place left. OpenSSL's error queue is left clear.
    init?(key: OpaquePointer, budget: Budget = .shared) {
        defer { ERR_clear_error() }
        guard budget.take() else { return nil }
        guard let (curve, keyGroup, order) = Self.build(key: key) else {
            budget.giveBack()
            return nil
        }
        (self.curve, self.keyGroup, self.order, self.budget) = (curve, keyGroup, order, budget)
        orderNumber = ModularInverse256.Number(bigEndian: order)
    }

    /// The table for `certificate`'s key, as ``init(key:budget:)`` would build it.
    convenience init?(certificate: X509Certificate, budget: Budget = .shared) {
        guard let key = X509_get0_pubkey(certificate.pointer) else {
            ERR_clear_error()
            return nil
        }
        self.init(key: key, budget: budget)
    }

    deinit {
        idle.withLock { $0.removeAll() }
        EC_GROUP_free(keyGroup)
        EC_GROUP_free(curve)
        budget.giveBack()
    }

    /// The curve, the curve with Q as generator and its table, and the order's bytes; nil on any failure.
    private static func build(key: OpaquePointer) -> (OpaquePointer, OpaquePointer, [UInt8])? {
        var encoded: UnsafeMutablePointer<UInt8>?
        let length = EVP_PKEY_get1_encoded_public_key(key, &encoded)
        defer { COpenSSL_free(encoded) }
        guard length > 0, let encoded, let context = BN_CTX_new() else { return nil }
        defer { BN_CTX_free(context) }
        guard let curve = EC_GROUP_new_by_curve_name(NID_X9_62_prime256v1) else { return nil }
        guard let point = EC_POINT_new(curve) else {
            EC_GROUP_free(curve)
            return nil
        }
        defer { EC_POINT_free(point) }
        var order = [UInt8](repeating: 0, count: 32)
        guard EC_POINT_oct2point(curve, point, encoded, length, context) == 1,
            let n = EC_GROUP_get0_order(curve), BN_bn2binpad(n, &order, 32) == 32,
            let keyGroup = EC_GROUP_dup(curve)
        else {
            EC_GROUP_free(curve)
            return nil
        }
        guard EC_GROUP_set_generator(keyGroup, point, n, EC_GROUP_get0_cofactor(curve)) == 1,
            EC_GROUP_precompute_mult(keyGroup, context) == 1
        else {
            EC_GROUP_free(keyGroup)
            EC_GROUP_free(curve)
            return nil
        }
        return (curve, keyGroup, order)
    }

    /// What the table can say of one signature.
    enum Answer: Hashable {
        /// The ECDSA equation holds: OpenSSL's verify would answer 1.
        case holds
        /// r and s are in range, the computation went through, and the x differs: OpenSSL's verify would answer 0.
        case doesNotHold
        /// Out of range, or a step failed: only OpenSSL's verify can say what it would report.
        case cannotTell
    }

    /// The table's answer for the raw `r || s` signature (64 bytes) over the SHA-256 `digest` (32 bytes).
    func check(signature: [UInt8], sha256 digest: [UInt8]) -> Answer {
        guard signature.count == 64, digest.count == 32,
            inRange(signature[0..<32]), inRange(signature[32..<64])
        else { return .cannotTell }
        let scratch: Scratch
        if let taken = idle.withLock({ $0.popLast() }) {
            scratch = taken
        } else {
            guard let fresh = Scratch(curve: curve, keyGroup: keyGroup) else { return .cannotTell }
            scratch = fresh
        }
        let answer = compute(signature: signature, digest: digest, in: scratch)
        idle.withLock { $0.append(scratch) }
        if answer == .cannotTell { ERR_clear_error() }
        return answer
    }

    /// 1 <= value < n, comparing the 32 big-endian bytes with the order's.
    private func inRange(_ value: ArraySlice<UInt8>) -> Bool {
        guard value.contains(where: { $0 != 0 }) else { return false }
        for (byte, limit) in zip(value, order) where byte != limit { return byte < limit }
        return false
    }

    /// The arithmetic of the check, in `scratch`'s numbers and points.
    private func compute(signature: [UInt8], digest: [UInt8], in scratch: Scratch) -> Answer {
        let context = scratch.context
        let values = scratch.numbers
        let (r, s, e, w, u1, u2, x, one) = (
            values[0], values[1], values[2], values[3], values[4], values[5], values[6], values[7]
        )
        guard let n = EC_GROUP_get0_order(curve),
            BN_bin2bn(signature, 32, r) != nil,
            signature.withUnsafeBufferPointer({ BN_bin2bn($0.baseAddress.map { $0 + 32 }, 32, s) != nil }),
            BN_bin2bn(digest, 32, e) != nil,
            let inverse = ModularInverse256.inverse(of: .init(bigEndian: signature, at: 32), modulo: orderNumber),
            BN_bin2bn(inverse.bigEndianBytes, 32, w) != nil,
            BN_mod_mul(one, s, w, n, context) == 1, BN_is_one(one) == 1,
            BN_mod_mul(u1, e, w, n, context) == 1, BN_mod_mul(u2, r, w, n, context) == 1,
            EC_POINT_mul(curve, scratch.uG, u1, nil, nil, context) == 1,
            EC_POINT_mul(keyGroup, scratch.uQ, u2, nil, nil, context) == 1,
            EC_POINT_copy(scratch.uQOnCurve, scratch.uQ) == 1,
            EC_POINT_add(curve, scratch.uG, scratch.uG, scratch.uQOnCurve, context) == 1,
            EC_POINT_is_at_infinity(curve, scratch.uG) == 0,
            EC_POINT_get_affine_coordinates(curve, scratch.uG, x, nil, context) == 1,
            BN_nnmod(x, x, n, context) == 1
        else { return .cannotTell }
        return BN_cmp(x, r) == 0 ? .holds : .doesNotHold
    }
}
