public import Foundation

/// The checkout these tests were built from, found from this file's place in it (Tests/TestSupport/), so that a
/// test reads the project's own files wherever the clone is and whatever the working directory.
public enum Project {
    /// The project root (where Package.swift is); the binary runner starts every child process there.
    public static let root: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// `relativePath` under the project root.
    public static func url(_ relativePath: String) -> URL { root.appendingPathComponent(relativePath) }

    /// `relativePath` under the project root, as a path for a command line.
    public static func path(_ relativePath: String) -> String { url(relativePath).path }
}
