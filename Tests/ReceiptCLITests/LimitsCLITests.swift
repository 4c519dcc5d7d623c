import Foundation
import ReceiptKit
import TestSupport
import Testing

/// The limits seen from the command line: each refusal exits 65 and names the limit and where it was hit.
@Suite struct LimitsCLITests {
    /// A file one byte over the size limit is refused as soon as that byte is read (so an endless stream is too).
    @Test func aFileOverTheSizeLimitExits65() throws {
        let folder = try TemporaryDirectory("oversized")
        let file = URL(fileURLWithPath: try folder.write("oversized.der", bytes: Data(count: Limits.maximumInputSize + 1)))
        let console = BufferConsole()
        #expect(console.run("decode", file.path) == 65)
        #expect(
            console.err.contains(
                "\(file.path): input too large: the limit is 67108864 bytes (64 MiB), exceeded at offset 67108864"))
        // The error document on stdout says the same, with the offset (one error shape for every subcommand).
        #expect(console.out.contains(#""message": "input too large: the limit is 67108864 bytes (64 MiB)"#))
        #expect(console.out.contains(#""offset": 67108864"#))
    }

    @Test func aResponseWithTooManyEntriesExits65() {
        let entries = Array(repeating: "{}", count: Limits.maximumResponseEntries + 1).joined(separator: ",")
        let console = BufferConsole(stdin: Array(#"{"status": 0, "latest_receipt_info": [\#(entries)]}"#.utf8))
        #expect(console.run("subscriptions", "-") == 65)
        #expect(
            console.err.contains(
                "(stdin): too many latest_receipt_info entries: the limit is 20000, exceeded at latest_receipt_info[20000]"))
    }

    @Test func aDumpOfTooManyElementsExits65() {
        // SEQUENCE { SEQUENCE { n NULLs } x 3 }: n is below the per-element limit, 3n above the dump limit.
        let inner = Self.sequence(of: Array(repeating: [UInt8]([0x05, 0x00]), count: 40_000).flatMap { $0 })
        let console = BufferConsole(stdin: Self.sequence(of: inner + inner + inner))
        #expect(console.run("dump", "--format", "text", "-") == 65)
        #expect(console.err.contains("(stdin): too many elements to dump: the limit is 100000, exceeded at offset "))
        // No tree lines, only the error (text form of the error document).
        #expect(console.out.hasPrefix("source             (stdin)\nerror              too many elements to dump"))
        #expect(!console.out.contains("SEQUENCE"))
    }

    /// A SEQUENCE with a four-byte length (enough for these tests) around `content`.
    static func sequence(of content: [UInt8]) -> [UInt8] {
        let count = content.count
        return [0x30, 0x84, UInt8(count >> 24 & 0xFF), UInt8(count >> 16 & 0xFF), UInt8(count >> 8 & 0xFF), UInt8(count & 0xFF)]
            + content
    }
}
