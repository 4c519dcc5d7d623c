import ReceiptKit

/// What the record reader needs from a file system: what a path is, a directory's entries, and opening files.
///
/// Supplied by the caller (the CLI's POSIX implementation, or an in-memory one in tests), so that the library
/// itself reads nothing it was not handed.
public protocol AuditFileSystem: AnyObject {
    /// What `path` is; follows symbolic links, but says when a directory was reached through one.
    func kind(of path: String) throws(AuditInputError) -> AuditFileKind
    /// The names in a directory, without `.` and `..`, in any order.
    func entries(ofDirectory path: String) throws(AuditInputError) -> [String]
    /// Opens a file for reading.
    func open(_ path: String) throws(AuditInputError) -> any AuditByteSource
    /// The process's standard input.
    func standardInput() -> any AuditByteSource
}

/// The kinds of path an audit distinguishes.
public enum AuditFileKind: Sendable, Equatable {
    case regularFile
    case directory
    /// A directory reached through a symbolic link: walked when named, never followed inside a walk, so a link
    /// loop cannot make a walk endless.
    case linkedDirectory
    /// A FIFO, socket or device: read when named on the command line (e.g. a shell's `<(...)`), skipped in a walk.
    case other
}
