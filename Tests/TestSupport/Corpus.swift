public import Foundation

/// The shared real-receipt corpus: `APPRECEIPT_VECTORS=DIR` when set, else `../shared/vectors` beside the checkout
/// (present on the team's machines and CI, absent on a user's clone). Real receipts are read from there, never
/// copied into the project; a test that needs them declares `.requires(Corpus.present)` and skips without them.
public enum Corpus {
    /// Where the corpus is for this test process's environment.
    public static let location = location(environment: ProcessInfo.processInfo.environment, projectRoot: Project.root)

    /// Where the corpus is for a given environment; a relative `APPRECEIPT_VECTORS` is taken from the project root,
    /// where `make test` runs.
    public static func location(environment: [String: String], projectRoot: URL) -> URL {
        guard let override = environment["APPRECEIPT_VECTORS"], !override.isEmpty else {
            return projectRoot.deletingLastPathComponent().appendingPathComponent("shared/vectors")
        }
        return override.hasPrefix("/")
            ? URL(fileURLWithPath: override) : projectRoot.appendingPathComponent(override).standardizedFileURL
    }

    /// Whether the corpus is there (its manifest.json, which the corpus tests read their expectations from).
    public static var available: Bool {
        FileManager.default.fileExists(atPath: location.appendingPathComponent("manifest.json").path)
    }

    /// The skip reason of every corpus test; scripts/corpus-skips.sh counts the skips by its first three words.
    public static let absent =
        "shared corpus absent: no manifest.json in \(location.path) (set APPRECEIPT_VECTORS=DIR; real receipts are "
        + "read from there, never copied into the project)"

    /// The requirement of every test that reads the corpus.
    public static let present = Requirement(absent) { available }

    /// `relativePath` inside the corpus.
    public static func url(_ relativePath: String) -> URL { location.appendingPathComponent(relativePath) }

    /// `relativePath` inside the corpus, as a path for a command line.
    public static func path(_ relativePath: String) -> String { url(relativePath).path }

    /// The bytes of `relativePath` inside the corpus.
    public static func bytes(_ relativePath: String) throws -> [UInt8] { try Fixtures.bytes(url(relativePath)) }
}

/// ../shared/bench/make_batch.py, which makes the batch of the audit issues' done-when (the corpus's Apple-signed
/// receipts repeated under many users, some lines damaged) into a folder's records.jsonl.
public enum BatchMaker {
    public static let script = Project.root.deletingLastPathComponent().appendingPathComponent("shared/bench/make_batch.py")

    /// The requirement of every test that audits such a batch.
    public static let present = Requirement("../shared (bench/make_batch.py and the corpus) is absent") {
        FileManager.default.fileExists(atPath: script.path) && Corpus.available
    }

    /// `make_batch.py FOLDER OPTIONS` over this run's corpus; throws with what the script said when it fails.
    public static func make(into folder: String, _ options: [String]) throws {
        let made = try Subprocess.run(
            tool: "python3", [script.path, folder, "--vectors", Corpus.location.path] + options)
        guard made.status == 0 else { throw StandInFailure(description: "make_batch.py failed: \(made.stderr)") }
    }
}
