import Foundation
import FuzzHarnesses
import TestSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The inputs the replay test feeds each fuzz target: the saved regressions (Fuzz/regressions/) and the seeds
/// Fuzz/seeds.conf names, transformed the way Fuzz/make-corpus.sh transforms them.
enum ReplayInputs {
    struct Input: Sendable {
        let source: String
        let bytes: [UInt8]
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    static let fuzzFolder = Project.url("Fuzz")

    /// One line of Fuzz/seeds.conf.
    struct SeedSource: Sendable {
        let target: String
        let transform: String
        let pattern: String
    }

    static func seedSources() throws -> [SeedSource] {
        let text = try String(contentsOf: fuzzFolder.appendingPathComponent("seeds.conf"), encoding: .utf8)
        return try text.split(separator: "\n").enumerated().compactMap { number, line in
            let fields = line.split(whereSeparator: \.isWhitespace).map(String.init)
            guard let first = fields.first, !first.hasPrefix("#") else { return nil }
            guard fields.count == 3 else { throw Failure(description: "seeds.conf line \(number + 1): expected three fields") }
            return SeedSource(target: fields[0], transform: fields[1], pattern: fields[2])
        }
    }

    /// The seeds of `target`; those in the shared corpus (`shared/` in seeds.conf) only when it is present.
    static func seeds(for target: FuzzTarget) throws -> [Input] {
        var inputs: [Input] = []
        for source in try seedSources() where source.target == target.rawValue {
            let pattern =
                source.pattern.hasPrefix("shared/")
                ? Corpus.path(String(source.pattern.dropFirst("shared/".count)))
                : Project.path(source.pattern)
            for path in expand(pattern) {
                let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
                guard let transformed = try transform(bytes, source.transform) else { continue }
                inputs.append(Input(source: path, bytes: transformed))
            }
        }
        return inputs
    }

    /// The saved regression inputs of `target`.
    static func regressions(for target: FuzzTarget) throws -> [Input] {
        let folder = fuzzFolder.appendingPathComponent("regressions/\(target.rawValue)")
        guard FileManager.default.fileExists(atPath: folder.path) else { return [] }
        return try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted().map { name in
            let url = folder.appendingPathComponent(name)
            return Input(source: "Fuzz/regressions/\(target.rawValue)/\(name)", bytes: Array(try Data(contentsOf: url)))
        }
    }

    /// Fuzz/regressions/MANIFEST: `TARGET/FILE` of every saved input.
    static func manifestEntries() throws -> [String] {
        let text = try String(contentsOf: fuzzFolder.appendingPathComponent("regressions/MANIFEST"), encoding: .utf8)
        return text.split(separator: "\n").compactMap { line in
            guard !line.hasPrefix("#"), let path = line.split(separator: "\t").first else { return nil }
            return String(path)
        }
    }

    /// The files `pattern` matches (glob(3)), sorted.
    static func expand(_ pattern: String) -> [String] {
        var matches = glob_t()
        defer { globfree(&matches) }
        guard glob(pattern, 0, nil, &matches) == 0 else { return [] }
        let paths = (0..<Int(matches.gl_pathc)).compactMap { index in
            matches.gl_pathv[index].map { String(cString: $0) }
        }
        return paths.filter { path in
            var isFolder: ObjCBool = false
            return FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) && !isFolder.boolValue
        }.sorted()
    }

    /// make-corpus.sh's transforms; nil where it writes nothing (undecodable base64, no certificate).
    static func transform(_ bytes: [UInt8], _ name: String) throws -> [UInt8]? {
        let text = String(decoding: bytes, as: UTF8.self)
        switch name {
        case "raw": return bytes
        case "base64": return Data(base64Encoded: text, options: .ignoreUnknownCharacters).map(Array.init)
        case "pem": return certificateBody(text).flatMap { Data(base64Encoded: $0) }.map(Array.init)
        case "jws":
            guard let body = certificateBody(text) else { return nil }
            let header = #"{"alg":"ES256","x5c":["\#(body)"]}"#
            let payload = #"{"bundleId":"com.example.appreceipt","signedDate":1700000000000,"expiresDate":1702592000000}"#
            return Array([header, payload, "signature"].map(base64URL).joined(separator: ".").utf8)
        case "purchase-info":
            guard let plist = Data(base64Encoded: text, options: .ignoreUnknownCharacters) else { return nil }
            let outer = String(decoding: plist, as: UTF8.self)
            guard let start = outer.range(of: #""purchase-info" = ""#),
                let end = outer[start.upperBound...].firstIndex(of: "\"")
            else { return nil }
            let inner = String(outer[start.upperBound..<end])
            return Data(base64Encoded: inner, options: .ignoreUnknownCharacters).map(Array.init)
        default: throw Failure(description: "seeds.conf: unknown transform \(name)")
        }
    }

    /// The base64 of the first PEM certificate in `text`, on one line.
    static func certificateBody(_ text: String) -> String? {
        let lines = text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
        guard let begin = lines.firstIndex(of: "-----BEGIN CERTIFICATE-----"),
            let end = lines[begin...].firstIndex(of: "-----END CERTIFICATE-----")
        else { return nil }
        return lines[(begin + 1)..<end].joined()
    }

    static func base64URL(_ text: String) -> String {
        Data(text.utf8).base64EncodedString().replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
    }
}
