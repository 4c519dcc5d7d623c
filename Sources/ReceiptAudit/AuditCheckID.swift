public import ReceiptKit

/// A failed check as an audit record holds it: one of this version's ``CheckID``s, or the id of a check this
/// version does not know, kept as written (a record read back from another version's audit output).
public enum AuditCheckID: Sendable, Hashable, CustomStringConvertible {
    /// A check this version runs.
    case known(CheckID)
    /// An id from another version's output, kept byte for byte so it still counts and compares.
    case unrecognised(String)

    /// The check `rawValue` names, byte for byte.
    package init(rawValue: String) {
        if let known = CheckID(rawValue: rawValue), known.rawValue.isByteEqual(to: rawValue) {
            self = .known(known)
        } else {
            self = .unrecognised(rawValue)
        }
    }

    /// The id as written: `chain.anchor`.
    public var rawValue: String {
        switch self {
        case .known(let id): id.rawValue
        case .unrecognised(let text): text
        }
    }

    /// The id as written, as ``rawValue``.
    public var description: String { rawValue }

    /// True when the check is about the signature or the chain (``CheckID/isAboutAuthenticity``). An id this
    /// version does not know counts as one (fails closed): a record that failed it never feeds the indexes.
    public var isAboutAuthenticity: Bool {
        switch self {
        case .known(let id): id.isAboutAuthenticity
        case .unrecognised: true
        }
    }

    /// Equal when the ids are the same bytes, whichever case holds them.
    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.rawValue.isByteEqual(to: rhs.rawValue) }

    /// Hashes the id's bytes, consistently with ``==(_:_:)``.
    ///
    /// - Parameter hasher: The hasher to feed.
    public func hash(into hasher: inout Hasher) { ExactString(rawValue).hash(into: &hasher) }
}
