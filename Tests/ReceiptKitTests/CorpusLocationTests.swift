import Foundation
import Testing

/// `APPRECEIPT_VECTORS=DIR` points the corpus tests at a corpus elsewhere (issue 11, point 9).
@Suite struct CorpusLocationTests {
    static let root = URL(fileURLWithPath: "/src/appreceipt")

    @Test func theVariableWinsOverTheDefault() {
        #expect(Fixtures.corpusLocation(environment: [:], projectRoot: Self.root).path == "/src/shared/vectors")
        #expect(
            Fixtures.corpusLocation(environment: ["APPRECEIPT_VECTORS": ""], projectRoot: Self.root).path == "/src/shared/vectors"
        )
        #expect(
            Fixtures.corpusLocation(environment: ["APPRECEIPT_VECTORS": "/data/corpus"], projectRoot: Self.root).path
                == "/data/corpus")
        #expect(
            Fixtures.corpusLocation(environment: ["APPRECEIPT_VECTORS": "../corpus/v2"], projectRoot: Self.root).path
                == "/src/corpus/v2")
    }

    @Test func theSkipCommentNamesWhereItLookedAndHowToPointElsewhere() {
        #expect(
            Fixtures.sharedVectorsAbsent.hasPrefix("shared corpus absent: no manifest.json in \(Fixtures.sharedVectors.path)"))
        #expect(Fixtures.sharedVectorsAbsent.contains("APPRECEIPT_VECTORS=DIR"))
    }
}
