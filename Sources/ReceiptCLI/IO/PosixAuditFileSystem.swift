import ReceiptAudit
import ReceiptKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The audit's view of the real file system, through POSIX calls so errors carry the system's reason.
final class PosixAuditFileSystem: AuditFileSystem {
    private let makeStandardInput: () -> any AuditByteSource

    /// `standardInput` is asked for once per use of `-`.
    init(standardInput: @escaping () -> any AuditByteSource) {
        makeStandardInput = standardInput
    }

    func kind(of path: String) throws(AuditInputError) -> AuditFileKind {
        var info = stat()
        guard stat(path, &info) == 0 else { throw Self.error(path) }
        switch info.st_mode & S_IFMT {
        case S_IFREG: return .regularFile
        case S_IFDIR:
            var link = stat()
            let isLink = lstat(path, &link) == 0 && link.st_mode & S_IFMT == S_IFLNK
            return isLink ? .linkedDirectory : .directory
        default: return .other
        }
    }

    func entries(ofDirectory path: String) throws(AuditInputError) -> [String] {
        guard let directory = opendir(path) else { throw Self.error(path) }
        defer { closedir(directory) }
        var names: [String] = []
        while true {
            errno = 0
            guard let entry = readdir(directory) else {
                if errno != 0 { throw Self.error(path) }
                return names
            }
            let name = withUnsafePointer(to: &entry.pointee.d_name) { pointer in
                pointer.withMemoryRebound(to: CChar.self, capacity: MemoryLayout.size(ofValue: entry.pointee.d_name)) {
                    String(cString: $0)
                }
            }
            if name != "." && name != ".." { names.append(name) }
        }
    }

    func open(_ path: String) throws(AuditInputError) -> any AuditByteSource {
        let descriptor = openForReading(path)
        guard descriptor >= 0 else { throw Self.error(path) }
        return DescriptorByteSource(descriptor: descriptor, path: path, closesOnRelease: true)
    }

    func standardInput() -> any AuditByteSource { makeStandardInput() }

    private static func error(_ path: String) -> AuditInputError {
        .unreadable(path: path, reason: String(cString: strerror(errno)))
    }
}

/// `open(2)` for reading, outside the type whose own `open` would shadow it.
private func openForReading(_ path: String) -> Int32 { open(path, O_RDONLY) }
