import Synchronization

/// The bytes every node of one parse shares, and the ends of the indefinite-length elements found in them.
///
/// An indefinite-length element has no length: its end is found by reading every child up to the
/// end-of-contents marker, and an indefinite-length child is read the same way inside that walk. Reading the
/// tree again level by level (children of the root, then their children ...) would walk each level's content
/// once more, so N nested levels would cost N times the input. Remembering each end makes a second read O(1).
/// Only walks that visited at least ``threshold`` elements are remembered: short ones are cheap to repeat,
/// and hostile input full of tiny indefinite elements then costs no memory here. DER never uses the index.
///
/// Nodes hold this one reference (not the array and an index beside it), so copying a node costs what it did
/// before the index existed.
final class ASN1Buffer: Sendable {
    /// Walks over fewer elements than this are repeated rather than remembered.
    static let threshold = 16

    let bytes: [UInt8]

    /// An element is known by where it starts and how deep it was read: the depth matters because the nesting
    /// limit counts from the element the read started at.
    private struct Key: Hashable {
        let offset: Int
        let depth: Int
    }

    private let ends = Mutex<[Key: Int]>([:])

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    /// The end offset (past the end-of-contents marker) found for the element at `offset`, if remembered.
    func end(ofElementAt offset: Int, depth: Int) -> Int? {
        ends.withLock { $0[Key(offset: offset, depth: depth)] }
    }

    /// Remembers the end of the element at `offset` after a walk that visited `visited` elements.
    func record(end: Int, ofElementAt offset: Int, depth: Int, visited: Int) {
        guard visited >= Self.threshold else { return }
        ends.withLock { $0[Key(offset: offset, depth: depth)] = end }
    }
}
