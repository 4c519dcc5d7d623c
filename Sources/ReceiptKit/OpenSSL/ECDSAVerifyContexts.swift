internal import COpenSSL
import Synchronization

/// What one certificate's key needs for ES256 checks, worked out once: whether it can carry ES256 at all, and
/// verify contexts (`EVP_PKEY_verify` over a SHA-256 digest) that are reused for every signature it made.
///
/// Asking OpenSSL for the key's curve name goes through the provider's parameter interface, and setting up a
/// verify context looks the signature implementation up in the provider store: together a few microseconds of
/// every StoreKit 2 item, for answers that cannot change while the certificate lives. The signature itself is
/// still checked every time. A context is used by one thread at a time (taken out of the idle list, put back
/// after the check), and OpenSSL's ECDSA verify leaves it as it found it, so it serves the next check as is.
final class ECDSAVerifyContexts: @unchecked Sendable {
    /// An initialised `EVP_PKEY_CTX`, owned by the idle list or by the one check that took it out.
    private struct Context: @unchecked Sendable {
        let pointer: OpaquePointer
    }

    /// Where the key's ``P256KeyTable`` stands: none yet, the table, or none ever (it could not be built).
    private enum TableState: @unchecked Sendable {
        case notYet
        case built(P256KeyTable)
        case unavailable
    }

    /// How many signatures a key checks the usual way before its table is built. Building costs about as much
    /// as 500 to 900 usual checks and then saves about half of every check, so waiting that long first bounds
    /// the loss for a key that stops soon after to about one build (the ski-rental rule), and a single
    /// `verify` never pays for a table at all.
    static let defaultTableThreshold = 768

    private let idle = Mutex<[Context]>([])
    /// nil until asked; then `.some(nil)` for a P-256 key, or why the key cannot carry ES256.
    private let keyProblem = Mutex<String??>(nil)
    private let tableThreshold: Int
    /// Checks asked of ``tableOutcome(signature:sha256:key:)`` so far; the one that reaches the threshold builds.
    private let tableUses = Atomic<Int>(0)
    private let table = Mutex<TableState>(.notYet)
    private let tableBudget: P256KeyTable.Budget

    /// - Parameters:
    ///   - tableThreshold: After how many checks the key's table is built (tests make it small).
    ///   - tableBudget: Whose places the table takes (tests bring their own).
    init(tableThreshold: Int = ECDSAVerifyContexts.defaultTableThreshold, tableBudget: P256KeyTable.Budget = .shared) {
        self.tableThreshold = tableThreshold
        self.tableBudget = tableBudget
    }

    deinit {
        idle.withLock { contexts in
            for context in contexts { EVP_PKEY_CTX_free(context.pointer) }
        }
    }

    /// Why the key cannot carry ES256, computed by `compute` the first time and remembered (the key is the
    /// certificate's, fixed for its life).
    func problem(_ compute: () -> String?) -> String? {
        if let known = keyProblem.withLock({ $0 }) { return known }
        let found = compute()
        keyProblem.withLock { $0 = .some(found) }
        return found
    }

    /// The outcome of the raw `r || s` signature over the SHA-256 `digest` by the key's precomputed table, when it
    /// exists (or is built by this call, the threshold-th) and can tell; nil means "ask `EVP_PKEY_verify`".
    func tableOutcome(signature: [UInt8], sha256 digest: [UInt8], key: OpaquePointer) -> SignatureOutcome? {
        let found: P256KeyTable?
        switch table.withLock({ $0 }) {
        case .built(let built): found = built
        case .unavailable: return nil
        case .notYet:
            guard tableUses.add(1, ordering: .relaxed).newValue == tableThreshold else { return nil }
            found = P256KeyTable(key: key, budget: tableBudget)
            table.withLock { $0 = found.map { .built($0) } ?? .unavailable }
        }
        switch found?.check(signature: signature, sha256: digest) {
        case .holds: return .valid
        // What OpenSSL's verify reports for the same case: 0, with no reason on its error queue.
        case .doesNotHold: return .mismatch(reason: nil)
        case .cannotTell, nil: return nil
        }
    }

    /// Whether the key's table has been built (for tests).
    var hasTable: Bool {
        if case .built = table.withLock({ $0 }) { return true }
        return false
    }

    /// `EVP_PKEY_verify` of the DER `signature` over the SHA-256 `digest` with `key`: OpenSSL's answer (1 good,
    /// 0 does not match, negative could not be carried out), or why no context could be set up.
    func verify(signature: [UInt8], sha256 digest: [UInt8], key: OpaquePointer) -> Result<Int32, OpenSSLError> {
        let context: Context
        if let taken = idle.withLock({ $0.popLast() }) {
            context = taken
        } else {
            switch Self.newContext(key) {
            case .success(let fresh): context = fresh
            case .failure(let error): return .failure(error)
            }
        }
        let result = signature.withUnsafeBufferPointer { signatureBytes in
            digest.withUnsafeBufferPointer { digestBytes in
                EVP_PKEY_verify(
                    context.pointer, signatureBytes.baseAddress, signatureBytes.count, digestBytes.baseAddress,
                    digestBytes.count)
            }
        }
        idle.withLock { $0.append(context) }
        return .success(result)
    }

    /// A verify context for `key` with SHA-256 as the signature's digest (so OpenSSL insists on a 32-byte one).
    private static func newContext(_ key: OpaquePointer) -> Result<Context, OpenSSLError> {
        guard let md = DigestAlgorithm.sha256.evpMD else {
            return .failure(
                OpenSSLError(operation: "preparing an ES256 signature check", entries: ["this OpenSSL does not provide sha256"]))
        }
        guard let pointer = EVP_PKEY_CTX_new_from_pkey(nil, key, nil) else {
            return .failure(OpenSSLError.drain("allocating a key context"))
        }
        guard EVP_PKEY_verify_init(pointer) == 1, EVP_PKEY_CTX_set_signature_md(pointer, md) == 1 else {
            EVP_PKEY_CTX_free(pointer)
            return .failure(OpenSSLError.drain("preparing an ES256 signature check"))
        }
        return .success(Context(pointer: pointer))
    }
}
