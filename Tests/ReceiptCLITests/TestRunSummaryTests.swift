import Foundation
import TestSupport
import Testing

/// `make test` ends by counting the corpus tests that skipped (issue 11, point 9), and every other skip by its
/// reason (issue 21), from the run's log.
@Suite struct TestRunSummaryTests {
    static func summary(of log: String, environment: [String: String]) throws -> BinaryRunner.Result {
        let folder = try TemporaryDirectory("test-log")
        return try Subprocess.run(
            Project.url("scripts/corpus-skips.sh"), [try folder.write("log.txt", log)],
            environment: environment.merging(["PATH": "/usr/bin:/bin"]) { own, _ in own })
    }

    @Test func skippedCorpusTestsAreCountedAndTheDirectoryNamed() throws {
        let log = """
            ➜ Suite SharedVectorDecodeTests skipped: "shared corpus absent: no manifest.json in /x (set APPRECEIPT_VECTORS=DIR)"
            ➜ Test "manifest receipt decodes to its recorded facts" skipped: "shared corpus absent: no manifest.json in /x"
            ➜ Test verifyTextOfAnXcodeReceiptNamesTheOptionThatTrustsIt() skipped: "shared corpus absent: no manifest.json in /x"
            ➜ Test somethingElse() skipped: "needs a network"
            ✔ Test run with 120 tests in 30 suites passed after 3.2 seconds.
            """
        let result = try Self.summary(of: log, environment: ["APPRECEIPT_VECTORS": "/x"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            result.stdout == "corpus: 2 tests SKIPPED: no manifest.json in /x; set APPRECEIPT_VECTORS=DIR to run them\n"
                + "other skips: 1 (needs a network)\n")
        let none = try Self.summary(of: "✔ Test run with 9 tests in 2 suites passed after 1 seconds.\n", environment: [:])
        #expect(none.stdout == "corpus: 0 tests skipped (corpus at ../shared/vectors)\nother skips: 0 tests\n")
    }
}
