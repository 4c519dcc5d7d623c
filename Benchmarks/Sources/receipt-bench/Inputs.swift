import ReceiptKit

/// One receipt file the benchmark reads.
struct ReceiptFile {
    /// Path as given (relative to the repository root, where run.sh starts us).
    let path: String
    /// The file's bytes as stored (base64 text or DER): what `appreceipt decode FILE` is handed.
    let bytes: [UInt8]
    /// The PKCS#7 DER inside.
    let der: [UInt8]
    /// In-app entries the manifest (or the first decode) says it holds.
    let expectedInApp: Int?
    /// Xcode StoreKit-testing receipt: verify with allowXcode.
    let isXcode: Bool

    var name: String { lastPathComponent(path) }

    init(path: String, expectedInApp: Int? = nil, isXcode: Bool = false) throws(BenchError) {
        guard let bytes = readFile(path) else { throw .missing(path) }
        let input: ReceiptInput
        do {
            input = try InputDecoder.decode(bytes)
        } catch {
            throw .unusable(path, "input: \(error)")
        }
        guard case .pkcs7(let der) = input.payload else { throw .unusable(path, "not a PKCS#7 app receipt") }
        self.path = path
        self.bytes = bytes
        self.der = der
        self.expectedInApp = expectedInApp
        self.isXcode = isXcode
    }
}

enum BenchError: Error, CustomStringConvertible {
    case missing(String)
    case unusable(String, String)
    case failed(String)

    var description: String {
        switch self {
        case .missing(let path): return "cannot read \(path)"
        case .unusable(let path, let why): return "\(path): \(why)"
        case .failed(let why): return why
        }
    }
}

/// Which receipts the run uses and how they are trusted.
struct InputSet {
    /// "Apple receipts from ../shared/vectors" or the TestVectors fallback, with the reason.
    let description: String
    let usesAppleReceipts: Bool
    let big: ReceiptFile
    let median: ReceiptFile
    let corpus: [ReceiptFile]
    let corpusDescription: String
    /// Files left out of the corpus and why (printed, never silent).
    let excluded: [(name: String, reason: String)]
    let policy: VerificationPolicy

    static let vectorsDirectory = "../shared/vectors"
    static let bigAppleReceipt = "tikhop__TPInAppReceipt/receipt_Sandbox_SHA1_com.nutcall.alert_20200506.b64"
    static let bigFallback = "TestVectors/receipts/many-inapp-200.b64"
    static let medianFallback = "TestVectors/receipts/one-inapp.b64"
    static let fallbackRoot = "TestVectors/pki/root.pem"

    static func load(forceFallback: Bool) throws(BenchError) -> InputSet {
        let manifestPath = "\(vectorsDirectory)/manifest.json"
        if !forceFallback, fileExists(manifestPath), fileExists("\(vectorsDirectory)/\(bigAppleReceipt)") {
            return try apple(manifestPath: manifestPath)
        }
        let reason =
            forceFallback
            ? "--fallback given"
            : "\(vectorsDirectory) (or its manifest / the 187-entry receipt) is absent on this machine"
        return try testVectors(reason: reason)
    }

    /// Real receipts listed in ../shared/vectors/manifest.json, verified against the pinned Apple root.
    private static func apple(manifestPath: String) throws(BenchError) -> InputSet {
        guard let text = readFile(manifestPath) else { throw .missing(manifestPath) }
        let manifest: JSONValue
        do {
            manifest = try JSONParser.parse(text)
        } catch {
            throw .unusable(manifestPath, "\(error)")
        }
        guard let entries = manifest.arrayValue else { throw .unusable(manifestPath, "not a JSON array") }
        struct Entry {
            let file: String
            let derSize: Int
            let inApp: Int?
            let isXcode: Bool
            let chainOKAtCreation: Bool
        }
        let receipts: [Entry] = entries.compactMap { entry in
            guard entry["kind"]?.scalarText == "receipt", let file = entry["file"]?.scalarText,
                let size = entry["der_size"]?.int64Value
            else { return nil }
            return Entry(
                file: file, derSize: Int(size), inApp: entry["in_app_count"]?.int64Value.map { Int($0) },
                isXcode: entry["receipt_type_attr"]?.scalarText == "Xcode",
                chainOKAtCreation: entry["checks"]?["chain_apple_roots"]?["at_creation"]?.scalarText == "OK")
        }
        guard !receipts.isEmpty else { throw .unusable(manifestPath, "no kind \"receipt\" entries") }

        // Median DER size among all receipt entries (lower median for an even count); ties broken by name.
        let bySize = receipts.sorted { ($0.derSize, $0.file) < ($1.derSize, $1.file) }
        let medianEntry = bySize[(bySize.count - 1) / 2]
        let bigEntry = receipts.first { $0.file == bigAppleReceipt }

        let big = try ReceiptFile(
            path: "\(vectorsDirectory)/\(bigAppleReceipt)", expectedInApp: bigEntry?.inApp ?? 187, isXcode: false)
        let median = try ReceiptFile(
            path: "\(vectorsDirectory)/\(medianEntry.file)", expectedInApp: medianEntry.inApp, isXcode: medianEntry.isXcode)

        var corpus: [ReceiptFile] = []
        var excluded: [(String, String)] = []
        for entry in bySize {
            if entry.isXcode {
                excluded.append((lastPathComponent(entry.file), "Xcode StoreKit-testing receipt, not Apple-signed"))
            } else if !entry.chainOKAtCreation {
                excluded.append((lastPathComponent(entry.file), "manifest: chain does not verify at creation"))
            } else {
                corpus.append(try ReceiptFile(path: "\(vectorsDirectory)/\(entry.file)", expectedInApp: entry.inApp))
            }
        }
        let corpusDescription =
            "\(corpus.count) Apple-signed receipts of \(receipts.count) in the manifest, " + sizeSummary(corpus)
        return InputSet(
            description: "Apple receipts from \(vectorsDirectory) (manifest: \(receipts.count) receipts); "
                + "median-size receipt = #\((bySize.count - 1) / 2 + 1) of \(bySize.count) by DER size",
            usesAppleReceipts: true, big: big, median: median, corpus: corpus, corpusDescription: corpusDescription,
            excluded: excluded, policy: VerificationPolicy())
    }

    /// The project's own signed vectors, verified against TestVectors/pki/root.pem.
    private static func testVectors(reason: String) throws(BenchError) -> InputSet {
        guard let rootBytes = readFile(fallbackRoot) else { throw .missing(fallbackRoot) }
        var policy = VerificationPolicy()
        do {
            policy.anchors = try X509Certificate.load(rootBytes).map { TrustAnchor(certificate: $0, source: fallbackRoot) }
        } catch {
            throw .unusable(fallbackRoot, "\(error)")
        }
        let big = try ReceiptFile(path: bigFallback)
        let median = try ReceiptFile(path: medianFallback)
        var corpus: [ReceiptFile] = []
        var excluded: [(String, String)] = []
        let directory = "TestVectors/receipts"
        for name in listDirectory(directory) where name.hasSuffix(".der") {
            if name.hasPrefix("xcode-like") {
                // Signed by the StoreKit-shaped test certificate, not by the test root.
                excluded.append((name, "signed by TestVectors/pki/storekit.pem, not under root.pem"))
                continue
            }
            corpus.append(try ReceiptFile(path: "\(directory)/\(name)"))
        }
        return InputSet(
            description: "FALLBACK: TestVectors (fake test PKI, anchor \(fallbackRoot)) because \(reason)",
            usesAppleReceipts: false, big: big, median: median, corpus: corpus,
            corpusDescription: "\(corpus.count) receipts in TestVectors/receipts/*.der, " + sizeSummary(corpus),
            excluded: excluded, policy: policy)
    }

    /// "DER 4,703..79,104 B, median 5,192 B, 480,000 B per pass".
    private static func sizeSummary(_ corpus: [ReceiptFile]) -> String {
        let sizes = corpus.map(\.der.count).sorted()
        guard let first = sizes.first, let last = sizes.last else { return "empty" }
        return
            "DER \(grouped(UInt64(first)))..\(grouped(UInt64(last))) B, median \(grouped(UInt64(sizes[(sizes.count - 1) / 2]))) B, "
            + "\(grouped(UInt64(sizes.reduce(0, +)))) B per pass"
    }

    /// The policy for one receipt: Xcode receipts need the StoreKit testing certificate allowed.
    func policy(for file: ReceiptFile) -> VerificationPolicy {
        var policy = self.policy
        if file.isXcode { policy.allowXcode = true }
        return policy
    }
}
