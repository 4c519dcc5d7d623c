import ReceiptKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Which files of a walked directory become records (`audit --include PATTERN`, `--exclude PATTERN`).
///
/// Patterns are shell globs (`*`, `?`, `[...]`, as fnmatch(3) reads them). A pattern with a `/` matches the path
/// below the walked directory (`2024/*/receipt.b64`, where `*` does not cross a `/`); one without matches the file
/// name (`*.md`, `manifest.json`). A file is walked when it matches an include pattern (or none is given) and no
/// exclude pattern. Files named on the command line are always read: the filter is for what a walk finds.
public struct WalkFilter: Sendable, Equatable {
    /// Globs a walked file must match one of; empty admits every file.
    public var include: [String]
    /// Globs that keep a walked file out, whatever `include` says.
    public var exclude: [String]

    /// A filter over walked files; with no patterns every file is read.
    ///
    /// - Parameters:
    ///   - include: `--include` patterns.
    ///   - exclude: `--exclude` patterns.
    public init(include: [String] = [], exclude: [String] = []) {
        self.include = include
        self.exclude = exclude
    }

    /// True when the file at `relativePath` (below the walked directory, no leading `/`) is to be read.
    package func admits(relativePath: String) -> Bool {
        let name = relativePath.split(separator: "/", omittingEmptySubsequences: false).last.map(String.init) ?? relativePath
        let matches = { (pattern: String) in Self.matches(pattern, relativePath: relativePath, name: name) }
        return (include.isEmpty || include.contains(where: matches)) && !exclude.contains(where: matches)
    }

    private static func matches(_ pattern: String, relativePath: String, name: String) -> Bool {
        if pattern.utf8.contains(UInt8(ascii: "/")) { return fnmatch(pattern, relativePath, FNM_PATHNAME) == 0 }
        return fnmatch(pattern, name, 0) == 0
    }
}
