import Foundation
import TestSupport
import Testing

/// The shared test support keeps its promises: a temporary folder goes however its test ends, a child process that
/// hangs is killed and named, and a child given a minimal environment still writes under the tests' TMPDIR.
@Suite struct TestSupportTests {
    struct Planned: Error {}

    @Test func aTemporaryFolderIsRemovedWhenItsScopeThrows() throws {
        var kept: String?
        #expect(throws: Planned.self) {
            let folder = try TemporaryDirectory("support-check")
            kept = try folder.write("inside/file.txt", "text")
            #expect(FileManager.default.fileExists(atPath: kept!))
            throw Planned()
        }
        let path = try #require(kept)
        #expect(!FileManager.default.fileExists(atPath: URL(fileURLWithPath: path).deletingLastPathComponent().path))
        #expect(path.hasPrefix(FileManager.default.temporaryDirectory.path), "\(path) is not under TMPDIR")
    }

    @Test func twoTemporaryFoldersNeverShareAName() throws {
        let (one, two) = (try TemporaryDirectory("same"), try TemporaryDirectory("same"))
        #expect(one.url != two.url)
    }

    @Test func aChildThatHangsIsKilledAndNamed() throws {
        let started = Date()
        #expect {
            _ = try Subprocess.run(tool: "sleep", ["300"], timeout: 1)
        } throws: { error in
            "\(error)".contains("/usr/bin/env sleep 300 ran longer than 1 s and was killed")
        }
        #expect(Date().timeIntervalSince(started) < 200, "the child was waited for instead of killed")
    }

    @Test func aChildWithAMinimalEnvironmentKeepsTheTestsTMPDIR() throws {
        let result = try Subprocess.run(
            tool: "python3", ["-c", "import tempfile; print(tempfile.gettempdir())"], environment: ["PATH": "/usr/bin:/bin"])
        #expect(result.status == 0, "\(result.stderr)")
        let expected = ProcessInfo.processInfo.environment["TMPDIR"].map { URL(fileURLWithPath: $0).standardizedFileURL.path }
        #expect(result.stdout.trimmingCharacters(in: .newlines) == (expected ?? "/tmp"))
    }

    @Test func theCorpusRequirementSaysWhereItLooked() {
        #expect(Corpus.present.reason == Corpus.absent)
        #expect(Corpus.present.isMet == FileManager.default.fileExists(atPath: Corpus.path("manifest.json")))
    }
}
