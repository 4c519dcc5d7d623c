import Foundation
import FuzzHarnesses
import TestSupport
import Testing

/// Replays every saved fuzz find and every seed through the same `FuzzTarget.run` the libFuzzer executables
/// call. The harness returns for any input, so the assertion is that the process is still here: an input that
/// traps (overflow, bad index) brings the whole test run down, and with it `make test`.
@Suite struct FuzzRegressionTests {
    @Test("replays regressions and seeds without trapping", arguments: FuzzTarget.allCases)
    func replay(target: FuzzTarget) throws {
        let regressions = try ReplayInputs.regressions(for: target)
        let seeds = try ReplayInputs.seeds(for: target)
        #expect(!seeds.isEmpty, "no seeds for \(target.rawValue): TestVectors or Fuzz/seeds.conf changed")
        for input in regressions + seeds {
            target.run(input.bytes)
        }
    }

    @Test("every seeds.conf line names a target and matches files in TestVectors or ../shared/vectors")
    func seedSourcesAreLive() throws {
        let sources = try ReplayInputs.seedSources()
        #expect(Set(sources.map(\.target)) == Set(FuzzTarget.allCases.map(\.rawValue)))
        for source in sources where !source.pattern.hasPrefix("shared/") {
            let pattern = Project.path(source.pattern)
            #expect(!ReplayInputs.expand(pattern).isEmpty, "\(source.pattern) matches nothing")
        }
    }

    /// A regression folder emptied by accident would otherwise pass silently: the manifest says what must be there.
    @Test("the regression manifest and the saved files agree")
    func manifestMatchesFiles() throws {
        let listed = try ReplayInputs.manifestEntries()
        #expect(Set(listed).count == listed.count, "a file is listed twice")
        var saved: [String] = []
        for target in FuzzTarget.allCases {
            saved += try ReplayInputs.regressions(for: target).map { input in
                #expect(!input.bytes.isEmpty, "\(input.source) is empty")
                return String(input.source.dropFirst("Fuzz/regressions/".count))
            }
        }
        let missing = Set(listed).subtracting(saved).sorted()
        let unlisted = Set(saved).subtracting(listed).sorted()
        #expect(missing.isEmpty, "listed in Fuzz/regressions/MANIFEST but missing: \(missing)")
        #expect(unlisted.isEmpty, "saved in Fuzz/regressions but not listed in its MANIFEST: \(unlisted)")
        let folders = try FileManager.default.contentsOfDirectory(
            atPath: ReplayInputs.fuzzFolder.appendingPathComponent("regressions").path)
        let known = Set(FuzzTarget.allCases.map(\.rawValue)).union(["MANIFEST"])
        #expect(Set(folders).isSubset(of: known), "unexpected entries in Fuzz/regressions: \(folders.sorted())")
    }
}
