/// A string that is equal, hashed and ordered by its UTF-8 bytes.
///
/// Swift's `String` compares by Unicode canonical equivalence, so `José` (NFC) equals `Jose\u{301}`, and KELVIN
/// SIGN equals `K`. Ids and bundle ids are opaque bytes to Apple and to a fraud index: two that differ in any byte
/// are two ids, or a replay under a look-alike account would go unnoticed. Every id key and id comparison goes
/// through this type or ``Swift/String/isByteEqual(to:)``.
package struct ExactString: Hashable, Comparable, Sendable, CustomStringConvertible {
    package let text: String

    package init(_ text: String) { self.text = text }

    package static func == (lhs: ExactString, rhs: ExactString) -> Bool { lhs.text.isByteEqual(to: rhs.text) }

    package func hash(into hasher: inout Hasher) {
        var text = text
        text.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    }

    /// Byte order (for UTF-8, also code point order): deterministic and independent of normalisation.
    package static func < (lhs: ExactString, rhs: ExactString) -> Bool {
        lhs.text.utf8.lexicographicallyPrecedes(rhs.text.utf8)
    }

    package var description: String { text }
}

extension String {
    /// True when both strings are the same UTF-8 bytes (not merely canonically equivalent).
    package func isByteEqual(to other: String) -> Bool { utf8.elementsEqual(other.utf8) }
}

extension Sequence<String> {
    /// True when one of the strings is byte for byte `text`.
    package func containsBytes(of text: String) -> Bool { contains { $0.isByteEqual(to: text) } }
}
