#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes whole files with POSIX calls, for --save-response.
enum FileWriter {
    static func write(_ bytes: [UInt8], to path: String) throws(CLIError) {
        guard let file = fopen(path, "wb") else {
            throw .failure("cannot write \(path): \(String(cString: strerror(errno)))", .ioError)
        }
        defer { fclose(file) }
        let written = bytes.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, file) }
        guard written == bytes.count, fflush(file) == 0 else {
            throw .failure("cannot write \(path): \(String(cString: strerror(errno)))", .ioError)
        }
    }
}
