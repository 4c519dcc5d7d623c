import ReceiptKit
import Testing

@testable import ReceiptCLI

/// The loop produces only the output form asked for, and lets go of each file's document once it is written.
@Suite struct PerFileLoopTests {
    static let files = ["TestVectors/receipts/zero-inapp.b64", "TestVectors/receipts/one-inapp.b64", "TestVectors/pki/root.pem"]

    /// Counts how often each form was produced; a class so the results' stored closures can count.
    final class Calls {
        var json = 0
        var text = 0
    }

    /// Stands for a file's decoded document: the loop must release it before it processes the next file.
    final class Document {}

    @Test(arguments: ["json", "text"])
    func producesOnlyTheRequestedForm(format: String) throws {
        let calls = Calls()
        let console = BufferConsole()
        let outputFormat = try #require(OutputFormat(rawValue: format))
        let status = try PerFileLoop.run(Self.files, format: outputFormat, compact: false, console: console) { input in
            FileResult(
                writeJSON: { output in
                    calls.json += 1
                    output.string(input.source)
                },
                renderText: {
                    calls.text += 1
                    return input.source
                }, exitCode: .success)
        }
        #expect(status == .success)
        #expect(calls.json == (format == "json" ? Self.files.count : 0))
        #expect(calls.text == (format == "text" ? Self.files.count : 0))
        let expected =
            format == "json"
            ? "[\n" + Self.files.map { "  \"\($0)\"" }.joined(separator: ",\n") + "\n]\n"
            : Self.files.map { $0 + "\n" }.joined()
        #expect(console.out == expected)
    }

    @Test(arguments: [[], ["jsonl"], ["compact"]])
    func releasesEachDocumentBeforeTheNextFile(flags: [String]) throws {
        weak var previous: Document?
        var releasedInTime: [Bool] = []
        let console = BufferConsole()
        _ = try PerFileLoop.run(
            Self.files, format: .json, compact: flags.contains("compact"), jsonLines: flags.contains("jsonl"),
            console: console
        ) { _ in
            releasedInTime.append(previous == nil)
            let document = Document()
            previous = document
            return FileResult(
                writeJSON: { output in
                    withExtendedLifetime(document) { output.null() }
                }, renderText: { "" }, exitCode: .success)
        }
        #expect(releasedInTime == Array(repeating: true, count: Self.files.count))
        #expect(previous == nil)
    }
}
