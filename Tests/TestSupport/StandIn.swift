public import Foundation

/// A loopback stand-in server for one test (Tests/StandIn/): the verifyReceipt stand-in, or with `script` another
/// one that speaks the same start-up protocol (http_attack_standin.py, app_store_server_api_standin.py): it prints
/// `PORT n` once listening on 127.0.0.1 and stops when its standard input closes, which happens when the test lets
/// go of this value.
public final class StandIn {
    let process = Process()
    private let input = Pipe()
    private let output = Pipe()
    public let port: Int

    /// Starts the stand-in; with `tls` (certificate and key PEM files) it serves HTTPS; `options` go to the script.
    public init(
        script: String = "verify_receipt_standin.py", environment: [String: String] = [:],
        tls: (certificate: String, key: String)? = nil, options: [String] = []
    ) throws {
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments =
            ["python3", Project.path("Tests/StandIn/\(script)")]
            + (tls.map { ["--tls-cert", $0.certificate, "--tls-key", $0.key] } ?? []) + options
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        var line = Data()
        while let chunk = try output.fileHandleForReading.read(upToCount: 1), let byte = chunk.first, byte != 0x0A {
            line.append(byte)
        }
        let text = String(decoding: line, as: UTF8.self)
        guard text.hasPrefix("PORT "), let port = Int(text.dropFirst(5)) else {
            throw StandInFailure(description: "stand-in did not report its port: '\(text)'")
        }
        self.port = port
    }

    /// `--verifier-url` and `--sandbox-verifier-url` for a scenario; `tag` keeps parallel tests apart.
    public func urls(_ scenario: String, tag: String = UUID().uuidString, base prefix: String? = nil) -> [String] {
        let base = "\(prefix ?? "http://127.0.0.1:\(port)")/\(scenario)~\(tag)"
        return ["--verifier-url", "\(base)/production/verifyReceipt", "--sandbox-verifier-url", "\(base)/sandbox/verifyReceipt"]
    }

    /// The requests the stand-in received for a scenario (tagged name), in order. Fetched with Python's urllib,
    /// not URLSession: the client under test is libcurl's, and FoundationNetworking's own use of libcurl leaves
    /// allocations that LeakSanitizer could not tell from the client's (scripts/sanitize.sh).
    public func log(_ scenarioWithTag: String) throws -> [[String: Any]] {
        let fetch = "import sys, urllib.request; sys.stdout.buffer.write(urllib.request.urlopen(sys.argv[1]).read())"
        let result = try Subprocess.run(
            tool: "python3", ["-c", fetch, "http://127.0.0.1:\(port)/\(scenarioWithTag)/log"],
            environment: ["PATH": "/usr/bin:/bin"])
        guard result.status == 0 else { throw StandInFailure(description: "fetching the log failed: \(result.stderr)") }
        return try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]] ?? []
    }

    deinit {
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
    }
}

/// A stand-in or helper script that did not start or answer as agreed.
public struct StandInFailure: Error, CustomStringConvertible {
    public let description: String
    public init(description: String) { self.description = description }
}
