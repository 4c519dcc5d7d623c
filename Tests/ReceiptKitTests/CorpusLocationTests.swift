import Foundation
import TestSupport
import Testing

/// `APPRECEIPT_VECTORS=DIR` points the corpus tests at a corpus elsewhere (issue 11, point 9).
@Suite struct CorpusLocationTests {
    static let root = URL(fileURLWithPath: "/src/appreceipt")

    @Test func theVariableWinsOverTheDefault() {
        #expect(Corpus.location(environment: [:], projectRoot: Self.root).path == "/src/shared/vectors")
        #expect(
            Corpus.location(environment: ["APPRECEIPT_VECTORS": ""], projectRoot: Self.root).path == "/src/shared/vectors"
        )
        #expect(
            Corpus.location(environment: ["APPRECEIPT_VECTORS": "/data/corpus"], projectRoot: Self.root).path
                == "/data/corpus")
        #expect(
            Corpus.location(environment: ["APPRECEIPT_VECTORS": "../corpus/v2"], projectRoot: Self.root).path
                == "/src/corpus/v2")
    }

    @Test func theSkipCommentNamesWhereItLookedAndHowToPointElsewhere() {
        #expect(
            Corpus.absent.hasPrefix("shared corpus absent: no manifest.json in \(Corpus.location.path)"))
        #expect(Corpus.absent.contains("APPRECEIPT_VECTORS=DIR"))
    }
}
