import ReceiptKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads whole files with POSIX calls, so errors carry the system's reason ("No such file or directory").
enum FileReader {
    static func read(path: String) throws(CLIError) -> [UInt8] {
        guard let file = fopen(path, "rb") else {
            throw .unreadable(path: path, reason: String(cString: strerror(errno)))
        }
        defer { fclose(file) }
        return try readAll(file, path: path)
    }

    /// Reads to the end, but refuses (exit 65) a file longer than ``Limits/maximumInputSize`` as soon as the
    /// first byte past the limit arrives, so an endless stream (`/dev/zero`) costs no more than the limit.
    static func readAll(_ file: UnsafeMutablePointer<FILE>, path: String) throws(CLIError) -> [UInt8] {
        var result: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = chunk.withUnsafeMutableBytes { fread($0.baseAddress, 1, $0.count, file) }
            if count > 0 { result += chunk[0..<count] }
            if result.count > Limits.maximumInputSize {
                throw .undecodable(source: path, .input(.tooLarge(limit: Limits.maximumInputSize)))
            }
            if count < chunk.count {
                if ferror(file) != 0 { throw .unreadable(path: path, reason: String(cString: strerror(errno))) }
                break
            }
        }
        return result
    }
}
