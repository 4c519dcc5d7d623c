import ReceiptAudit
import ReceiptKit

extension PosixAuditFileSystem {
    /// The file system the batch commands (audit, summarize, report) read through: the real process streams
    /// standard input as it arrives, while an in-process console hands over its bytes up front. When
    /// `readsStandardInput`, a terminal on standard input is told what is expected (`what`).
    static func streaming(console: any Console, readsStandardInput: Bool, what: String) throws(CLIError)
        -> PosixAuditFileSystem
    {
        let process = console as? ProcessConsole
        let bufferedInput = process == nil && readsStandardInput ? try console.readStandardInput() : []
        if readsStandardInput { process?.noteReadingTerminal(what) }
        return PosixAuditFileSystem { () -> any AuditByteSource in
            guard process != nil else { return MemoryByteSource(bufferedInput) }
            return DescriptorByteSource(descriptor: 0, path: "standard input", closesOnRelease: false)
        }
    }
}
