import Testing

@testable import ReceiptCLI

/// The progress line is redrawn in place with the tool's own control characters written raw (issue 19, item 5):
/// through the escaping writer a terminal showed the literal text `\u000d` and `\u001b[K`.
@Suite struct AuditProgressTests {
    @Test func theLineIsRedrawnAndClearedWithRawControls() {
        let console = BufferConsole()
        let progress = AuditProgress(console: console, total: 10, enabled: true, interval: .zero)
        progress.update(done: 3)
        progress.finish()
        #expect(console.err.hasPrefix("\rappreceipt audit: 3/10 records, "))
        #expect(console.err.hasSuffix(" records/s \r\u{1B}[K"))
        #expect(!console.err.contains("\\u"))
    }

    @Test func textGoingIntoTheLineIsStillEscaped() {
        let console = BufferConsole()
        console.redrawErrorLine("a\u{1B}[2Jb\nc")
        #expect(console.err == "\ra\\u001b[2Jb\\u000ac")
    }

    @Test func nothingIsDrawnWhenStandardErrorIsNotATerminal() {
        let console = BufferConsole()
        let progress = AuditProgress(console: console, total: nil, enabled: false, interval: .zero)
        progress.update(done: 3)
        progress.finish()
        #expect(console.err.isEmpty)
    }
}
