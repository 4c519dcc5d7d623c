import Foundation
import ReceiptCLI
import TestSupport
import Testing

/// Issue 11 point 1: a PEM file handed to `decode` is named whatever its body length, label or preamble. Before,
/// a body whose length made the whole text (dashes and label included) pass for base64url was decoded as noise:
/// "base64 decodes to 1039 bytes that are neither DER ..." for pki/attack-developer.pem and Apple Inc. Root.
@Suite struct PEMInputTests {
    /// Every PEM file of the test PKIs: certificates and private keys.
    static let pemFiles: [String] = {
        ["TestVectors/pki", "TestVectors/jws/pki"].flatMap { folder -> [String] in
            let url = Project.root.appendingPathComponent(folder)
            let names = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
            return names.filter { $0.hasSuffix(".pem") || $0.hasSuffix(".key") }.sorted().map { "\(folder)/\($0)" }
        }
    }()

    @Test func pemTableIsNotEmpty() {
        // The parameterised tests below run zero cases on an empty table; this one fails instead.
        #expect(Self.pemFiles.count >= 20, "\(Self.pemFiles)")
    }

    /// The label of the file's first BEGIN line, read here with Foundation rather than with the code under test.
    static func label(of text: String) throws -> String {
        let line = try #require(text.split(separator: "\n").first { $0.hasPrefix("-----BEGIN ") })
        return String(line.dropFirst("-----BEGIN ".count).prefix { $0 != "-" })
    }

    /// `decode` on stdin: exit 65 and the PEM named with its label.
    static func expectNamed(_ text: String, label: String, _ comment: Comment) {
        let console = BufferConsole(stdin: Array(text.utf8))
        #expect(console.run("decode", "-") == 65, comment)
        #expect(console.err.contains("input holds a PEM \(label) block, not a receipt"), "\(comment): \(console.err)")
    }

    @Test(arguments: pemFiles)
    func pemFileIsNamed(path: String) throws {
        let text = try String(contentsOf: Project.root.appendingPathComponent(path), encoding: .utf8)
        let label = try Self.label(of: text)
        Self.expectNamed(text, label: label, "\(path)")
        // The same block after the text `openssl x509 -text` prints, with CRLF line ends, and as a PKCS7 label.
        let preamble = "Certificate:\n    Data:\n        Version: 3 (0x2)\n        Serial Number: 4097 (0x1001)\n"
        Self.expectNamed(preamble + text, label: label, "\(path) after text")
        Self.expectNamed(text.replacingOccurrences(of: "\n", with: "\r\n"), label: label, "\(path) with CRLF")
        Self.expectNamed(text.replacingOccurrences(of: label, with: "PKCS7"), label: "PKCS7", "\(path) relabelled")
    }

    /// Every body length from 1 to 200 bytes of base64: the naming never depends on it.
    @Test func everyBodyLengthIsNamed() {
        for length in 1...200 {
            let body = String(repeating: "MIIB", count: 50).prefix(length)
            Self.expectNamed(
                "-----BEGIN CERTIFICATE-----\n\(body)\n-----END CERTIFICATE-----\n", label: "CERTIFICATE", "length \(length)")
        }
    }

    /// The corpus certificates (Apple Inc. Root, the StoreKit test certificate, ...) converted to PEM here.
    @Test(.requires(Corpus.present))
    func corpusCertificatesInPEMAreNamed() throws {
        let manifest = try Data(contentsOf: Corpus.location.appendingPathComponent("manifest.json"))
        let entries = try #require(try JSONSerialization.jsonObject(with: manifest) as? [[String: Any]])
        let files = entries.filter { ($0["kind"] as? String)?.hasPrefix("cert") == true }.compactMap { $0["file"] as? String }
        #expect(files.count >= 10, "manifest lists \(files.count) certificates")
        for file in files {
            let bytes = try Data(contentsOf: URL(fileURLWithPath: Corpus.path(file)))
            let pem: String
            if bytes.first == 0x30 {
                let body = bytes.base64EncodedString(options: [.lineLength64Characters, .endLineWithLineFeed])
                pem = "-----BEGIN CERTIFICATE-----\n\(body)\n-----END CERTIFICATE-----\n"
            } else {
                pem = String(decoding: bytes, as: UTF8.self)
            }
            Self.expectNamed(pem, label: "CERTIFICATE", "\(file)")
        }
    }
}
