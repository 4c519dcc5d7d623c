import Foundation
import ReceiptKit
import TestSupport
import Testing

/// One entry of TestVectors/expectations.json, written by hand from the vector inputs (not from this code),
/// read with Foundation's JSONSerialization so the project's own JSON code plays no part in the expectations.
struct VectorExpectation: @unchecked Sendable, CustomTestStringConvertible {
    /// Immutable JSONSerialization values; never mutated after loading, hence the unchecked Sendable.
    let fields: [String: Any]

    var file: String { fields["file"] as? String ?? "" }
    var kind: String { fields["kind"] as? String ?? "" }
    var testDescription: String { file }

    subscript(key: String) -> Any? { fields[key].flatMap { $0 is NSNull ? nil : $0 } }

    func string(_ key: String) -> String? { self[key] as? String }
    func int(_ key: String) -> Int64? { (self[key] as? NSNumber)?.int64Value }

    /// Every entry, or why expectations.json could not be read; loaded once.
    private static let loaded: Result<[VectorExpectation], Failure> = {
        let entries: [[String: Any]]
        do {
            let data = try Data(contentsOf: Fixtures.testVectors.appendingPathComponent("expectations.json"))
            guard let array = try JSONSerialization.jsonObject(with: data) as? [[String: Any]] else {
                return .failure(Failure("TestVectors/expectations.json is not an array of objects"))
            }
            entries = array
        } catch {
            return .failure(Failure("TestVectors/expectations.json cannot be read: \(error)"))
        }
        // Vectors that share a payload say so with payload_same_as; their own keys win over the base's.
        let byFile = Dictionary(entries.compactMap { entry in (entry["file"] as? String).map { ($0, entry) } }) { a, _ in a }
        return .success(
            entries.map { entry in
                guard let base = (entry["payload_same_as"] as? String).flatMap({ byFile[$0] }) else {
                    return VectorExpectation(fields: entry)
                }
                return VectorExpectation(fields: base.merging(entry) { _, own in own })
            })
    }()

    /// Every entry; throws when expectations.json cannot be read, so a table built from it fails instead of
    /// running zero cases.
    static func all() throws -> [VectorExpectation] { try loaded.get() }

    /// The entries of `kind` that satisfy `predicate`; throws when there are none, so a parameterised test over
    /// them fails rather than passing with no case run.
    static func of(kind: String, where predicate: (VectorExpectation) -> Bool = { _ in true }) throws -> [VectorExpectation] {
        let entries = try all().filter { $0.kind == kind && predicate($0) }
        guard !entries.isEmpty else { throw Failure("TestVectors/expectations.json has no \(kind) entry that the test asks for") }
        return entries
    }

    /// The entry for `file`, which must exist.
    static func entry(_ file: String) throws -> VectorExpectation {
        guard let entry = try all().first(where: { $0.file == file }) else {
            throw Failure("TestVectors/expectations.json has no entry for \(file)")
        }
        return entry
    }
}

/// Decodes a test vector that must be an app receipt.
func appReceipt(_ relativePath: String) throws -> AppReceipt {
    let (_, document) = try ReceiptDecoder.decode(try Fixtures.testVector(relativePath))
    guard case .appReceipt(let receipt) = document else { throw Failure("\(relativePath) is not an app receipt") }
    return receipt
}
