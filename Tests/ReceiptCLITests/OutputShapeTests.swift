import Foundation
import ReceiptCLI
import Testing

/// The shape a script gets (issue 11, point 3): one FILE an object, several an array, `--jsonl` one compact
/// document per line whatever the count, and one error document shape from decode, dump and verify alike.
@Suite struct OutputShapeTests {
    static let good = "TestVectors/receipts/zero-inapp.b64"
    static let missing = "/nonexistent/receipt.b64"
    static let malformed = "TestVectors/malformed/truncated.der"

    static func object(_ text: Substring) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any], "not an object: \(text)")
    }

    @Test(arguments: ["decode", "verify"])
    func jsonLinesGiveOneCompactDocumentPerFileWhateverTheCount(command: String) throws {
        for files in [[Self.good], [Self.good, Self.missing, Self.malformed]] {
            let console = BufferConsole()
            let status = CLI.run([command, "--jsonl"] + files, console: console)
            let lines = console.out.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
            #expect(console.out.hasSuffix("\n"))
            #expect(lines.count == files.count, "\(console.out)")
            let sources = try lines.map { try (Self.object($0)["input"] as? [String: Any])?["source"] as? String }
            #expect(sources == files)
            #expect(status == (files.count == 1 ? (command == "decode" ? 0 : 1) : 66))
        }
    }

    @Test(arguments: ["decode", "dump", "verify"])
    func aBadFileGivesTheSameErrorDocumentFromEveryCommand(command: String) throws {
        for (file, status) in [(Self.missing, Int32(66)), (Self.malformed, 65)] {
            let console = BufferConsole()
            #expect(CLI.run([command, "--compact", file], console: console) == status)
            let document = try Self.object(Substring(console.out.dropLast()))
            let error = try #require(document["error"] as? [String: Any])
            // dump of a damaged but partly readable input prints the tree it read with the same `error` member.
            let partialTree = command == "dump" && status == 65
            if !partialTree {
                let input = try #require(document["input"] as? [String: Any])
                #expect(input["source"] as? String == file)
            }
            #expect(error["exit_code"] as? Int == Int(status))
            let message = try #require(error["message"] as? String)
            #expect(!message.hasPrefix(file + ":"), "the source is under input, not repeated in the message")
            #expect(console.err.contains("appreceipt: error: "))
            if status == 65 {
                #expect(error["offset"] as? Int == 0)
                #expect(message.contains("runs past the end of the input"))
            }
            // verify alone adds the verdict, and only for input it read.
            let verdict = document["verdict"] as? String
            #expect(verdict == (command == "verify" && status == 65 ? "malformed" : nil))
            let expectedKeys: Set<String> = ["format_version", "input", "error"]
            if partialTree {
                #expect(document["offset"] as? Int == 0 && document["truncated"] as? Bool == true)
                #expect(Set(error.keys) == ["message", "exit_code", "offset"])
            } else {
                #expect(Set(document.keys).subtracting(["verdict"]) == expectedKeys)
            }
        }
    }

    @Test func errorDocumentsInAnArrayHaveTheSameShapeAsAlone() throws {
        let alone = BufferConsole()
        _ = alone.run("decode", "--compact", Self.malformed)
        let inArray = BufferConsole()
        _ = inArray.run("decode", "--compact", Self.good, Self.malformed)
        let array = try #require(try JSONSerialization.jsonObject(with: Data(inArray.out.utf8)) as? [[String: Any]])
        let single = try Self.object(Substring(alone.out.dropLast()))
        #expect(NSDictionary(dictionary: array[1]).isEqual(to: single))
    }

    @Test(arguments: [
        ["decode", "--format", "text", "--compact"], ["verify", "--format", "text", "--jsonl"],
        ["dump", "--format", "text", "--compact"], ["subscriptions", "--format", "text", "--compact"],
    ])
    func compactAndJSONLinesWithTextAreUsageErrors(arguments: [String]) {
        let console = BufferConsole()
        #expect(CLI.run(arguments + [Self.good], console: console) == 64)
        #expect(console.err.contains("cannot be used with --format text"))
        #expect(console.out.isEmpty)
    }

    @Test func textOutputOfABadFileSaysSoOnStdout() {
        let console = BufferConsole()
        #expect(console.run("decode", "--format", "text", Self.good, Self.missing) == 66)
        #expect(console.out.contains("source             \(Self.missing)\nerror              cannot read \(Self.missing)"))
        #expect(console.out.contains("(exit 66)"))
    }
}
