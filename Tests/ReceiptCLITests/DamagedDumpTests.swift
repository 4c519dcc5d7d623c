import Foundation
import ReceiptCLI
import TestSupport
import Testing

/// Issue 11 point 4: `dump` of a damaged receipt prints every element it could read, as `openssl asn1parse` does,
/// then the error at its offset, and still exits 65. Before, it printed only the error.
@Suite struct DamagedDumpTests {
    static let truncated = "TestVectors/malformed/truncated.der"
    static let message = "length at offset 0 runs past the end of the input (4190 bytes declared, 2093 available)"

    /// The offset at the start of a text line of the tree.
    static func offset(_ line: Substring) -> Int? {
        Int(line.split(separator: ":").first?.trimmingCharacters(in: .whitespaces) ?? "")
    }

    @Test func textShowsTheTreeUpToTheBreakThenTheError() {
        let console = BufferConsole()
        #expect(console.run("dump", "--format", "text", Self.truncated) == 65)
        let lines = console.out.split(separator: "\n")
        #expect(lines.last == "error              \(Self.message) (exit 65)")
        let tree = lines.dropLast()
        // The first half of one-inapp.der: the container, the whole payload, certificate 0 and part of certificate 1.
        #expect(tree.count > 250, "\(console.out)")
        #expect(tree.first?.hasPrefix("     0: d=0 hl=4 l= 4190 cons: SEQUENCE (truncated)  ; ContentInfo") == true)
        for annotation in ["; receipt payload", "; attribute 2 bundle_id", "; certificate 0", "(truncated)  ; certificate 1"] {
            #expect(tree.contains { $0.hasSuffix(annotation) || $0.contains(annotation + " ") }, "\(annotation)")
        }
        let offsets = tree.compactMap(Self.offset)
        #expect(offsets.count == tree.count)
        #expect(offsets == offsets.sorted() && (offsets.last ?? .max) < 2097, "\(offsets.suffix(3))")
        #expect(console.err == "appreceipt: error: \(Self.truncated): \(Self.message)\n")
    }

    @Test func jsonIsTheTreeWithAnErrorMember() throws {
        let console = BufferConsole()
        #expect(console.run("dump", "--compact", Self.truncated) == 65)
        let tree = try #require(try JSONSerialization.jsonObject(with: Data(console.out.utf8)) as? [String: Any])
        let error = try #require(tree["error"] as? [String: Any])
        #expect(error["message"] as? String == Self.message)
        #expect(error["exit_code"] as? Int == 65)
        #expect(error["offset"] as? Int == 0)
        #expect(tree["annotation"] as? String == "ContentInfo" && tree["truncated"] as? Bool == true)
        // Every element of the text form is in the JSON tree, and nothing else.
        func count(_ node: [String: Any]) -> Int { 1 + (node["children"] as? [[String: Any]] ?? []).map(count).reduce(0, +) }
        let text = BufferConsole()
        _ = text.run("dump", "--format", "text", Self.truncated)
        #expect(count(tree) == text.out.split(separator: "\n").count - 1)
    }

    @Test func trailingBytesShowTheWholeTreeThenTheError() {
        let whole = BufferConsole()
        #expect(whole.run("dump", "--format", "text", "TestVectors/receipts/one-inapp.der") == 0)
        let damaged = BufferConsole()
        #expect(damaged.run("dump", "--format", "text", "TestVectors/malformed/trailing-bytes.der") == 65)
        #expect(
            damaged.out
                == whole.out + "error              5 trailing bytes after the end of the data at offset 4194 (exit 65)\n")
    }

    @Test func aDamagedBERReceiptIsShownToo() throws {
        // The Xcode-like receipt (indefinite lengths everywhere) cut in half: no end-of-contents marker is reached.
        let bytes = try Data(contentsOf: Project.root.appendingPathComponent("TestVectors/receipts/xcode-like.der"))
        let console = BufferConsole(stdin: Array(bytes.prefix(bytes.count / 2)))
        #expect(console.run("dump", "--format", "text", "-") == 65)
        #expect(console.out.contains("; receipt payload"), "\(console.out)")
        #expect(console.out.split(separator: "\n").count > 50)
        // The container's end-of-contents search meets the certificate cut short first, as decode reports.
        let last = console.out.split(separator: "\n").last ?? ""
        #expect(last.hasPrefix("error              length at offset ") && last.contains("runs past the end of the input"))
    }

    @Test func nothingReadableIsTheErrorDocumentAsBefore() throws {
        let console = BufferConsole(stdin: [0x30, 0x84, 0x00])
        #expect(console.run("dump", "-") == 65)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(console.out.utf8)) as? [String: Any])
        #expect(Set(document.keys) == ["format_version", "input", "error"])
    }
}
