import ReceiptKit

/// What the record reader needs from a file system: what a path is, a directory's entries, and opening files.
///
/// Supplied by the caller (the CLI's POSIX implementation, or an in-memory one in tests), so that the library
/// itself reads nothing it was not handed.
public protocol AuditFileSystem: AnyObject {
    /// What `path` is; follows symbolic links, but says when a directory was reached through one.
    ///
    /// - Parameter path: A path as named on the command line or found in a walk.
    /// - Returns: The kind the reader treats it as.
    /// - Throws: ``AuditInputError/unreadable(path:reason:)`` when the path does not exist or cannot be examined.
    func kind(of path: String) throws(AuditInputError) -> AuditFileKind
    /// The names in a directory, without `.` and `..`, in any order.
    ///
    /// - Parameter path: A directory.
    /// - Returns: The entries' names (not paths); the reader sorts them.
    /// - Throws: ``AuditInputError/unreadable(path:reason:)`` when the directory cannot be listed.
    func entries(ofDirectory path: String) throws(AuditInputError) -> [String]
    /// Opens a file for reading.
    ///
    /// - Parameter path: A regular file, FIFO or device.
    /// - Returns: A source positioned at the start of the file.
    /// - Throws: ``AuditInputError/unreadable(path:reason:)`` when the file cannot be opened.
    func open(_ path: String) throws(AuditInputError) -> any AuditByteSource
    /// The process's standard input, for the input named `-`.
    ///
    /// - Returns: A source over standard input.
    func standardInput() -> any AuditByteSource
}

/// The kinds of path an audit distinguishes.
public enum AuditFileKind: Sendable, Equatable {
    /// A file: one receipt, or one record per line when its name says it is a records file.
    case regularFile
    /// A directory, walked recursively.
    case directory
    /// A directory reached through a symbolic link: walked when named, never followed inside a walk, so a link
    /// loop cannot make a walk endless.
    case linkedDirectory
    /// A FIFO, socket or device: read when named on the command line (e.g. a shell's `<(...)`), skipped in a walk.
    case other
}
