import Foundation
import ReceiptCLI
import TestSupport
import Testing

/// The built binary against hostile input: never a trap (exit 132, SIGILL), always a documented exit status, and
/// nothing on stdout or stderr that a terminal would act on.
@Suite struct HostileInputCLITests {
    /// Every regression vector: inputs that once crashed the tool, rolled dates over, or fooled a terminal.
    static let regressionFiles: [String] = {
        let folder = Project.root.appendingPathComponent("TestVectors/regressions")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(".b64") || $0.hasSuffix(".json") }.sorted().map { "TestVectors/regressions/\($0)" }
    }()

    @Test func regressionTableIsNotEmpty() {
        // The parameterised test below runs zero cases on an empty table; this one fails instead.
        #expect(Self.regressionFiles.count >= 10, "\(Self.regressionFiles)")
    }

    /// A character a terminal would interpret, other than the line feeds and tabs of the layout. JSON output is
    /// checked for what the JSON writer escapes (C0 and DEL); text output and stderr for the whole set.
    static func terminalActive(_ text: String, json: Bool = false) -> Unicode.Scalar? {
        text.unicodeScalars.first { scalar in
            switch scalar.value {
            case 0x0A, 0x09: return false
            case 0x00...0x1F, 0x7F: return true
            case 0x80...0x9F, 0x202A...0x202E, 0x2066...0x2069: return !json
            default: return false
            }
        }
    }

    @Test(arguments: regressionFiles)
    func regressionVectorNeverTraps(path: String) throws {
        let response = path.hasSuffix(".json")
        let compare =
            response
            ? ["compare", "--response", path, "TestVectors/receipts/one-inapp.b64"]
            : ["compare", "--response", "TestVectors/responses/one-inapp.json", path]
        // Allowed exits: 0 success, 1 negative answer, 64 no time to evaluate at, 65 not a receipt.
        let runs: [([String], Set<Int32>)] = [
            (["decode", path], [0, 65]),
            (["verify", path], [1, 65]),
            (["subscriptions", path], [0, 64, 65]),
            (["subscriptions", "--at", "2024-06-01T00:00:00Z", path], [0, 65]),
            (compare, [0, 1, 65]),
        ]
        for (arguments, allowed) in runs {
            for format in ["json", "text"] {
                let result = try BinaryRunner.run(arguments + ["--format", format])
                let label = (arguments + ["--format", format]).joined(separator: " ")
                #expect(!result.signalled, "\(label) died of signal \(result.status): \(result.stderr.prefix(300))")
                #expect(allowed.contains(result.status), "\(label) exited \(result.status): \(result.stderr.prefix(300))")
                #expect(Self.terminalActive(result.stdout, json: format == "json") == nil, "\(label): raw control on stdout")
                #expect(Self.terminalActive(result.stderr) == nil, "\(label): raw control character on stderr")
            }
        }
    }

    /// A forged bundle id with cursor movement, line erasure, a carriage return and a bidi override: text output
    /// shows the escapes, so the verdict line cannot be overwritten with "valid".
    @Test(arguments: ["receipt-bundle-id-escape-sequences.b64", "ios6-bid-escape-sequences.b64"])
    func forgedBundleIDCannotRewriteTheScreen(name: String) throws {
        let result = try BinaryRunner.run(["verify", "--format", "text", "TestVectors/regressions/\(name)"])
        #expect(result.status == 1)
        #expect(Self.terminalActive(result.stdout) == nil)
        #expect(result.stdout.contains("\\u001b["))
        #expect(result.stdout.contains("\\u202e"))
        #expect(result.stdout.contains("verdict            untrusted") || result.stdout.contains("verdict            invalid"))
    }

    /// Line feeds, tabs and line separators inside values (a bundle id, a product id) are escaped in every text
    /// rendering, so a forged value cannot draw a line of its own such as `verdict valid` (issue 19, item 4).
    @Test(arguments: [
        ["decode", "--format", "text", "TestVectors/regressions/receipt-values-with-line-breaks.b64"],
        ["verify", "--format", "text", "TestVectors/regressions/receipt-values-with-line-breaks.b64"],
        [
            "compare", "--format", "text", "--response", "TestVectors/regressions/response-values-with-line-breaks.json",
            "TestVectors/regressions/receipt-values-with-line-breaks.b64",
        ],
        ["subscriptions", "--format", "text", "TestVectors/regressions/response-values-with-line-breaks.json"],
    ])
    func lineBreaksInsideValuesCannotDrawLines(arguments: [String]) throws {
        let result = try BinaryRunner.run(arguments)
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count > 3)
        // The forged values would start lines `verdict            valid` and `verdict valid`.
        #expect(!lines.contains { $0.hasPrefix("verdict valid") || $0.hasPrefix("verdict            valid") })
        #expect(!result.stdout.unicodeScalars.contains { $0 == "\t" || $0 == "\u{2028}" || $0 == "\u{2029}" })
        #expect(result.stdout.contains("\\u000averdict"))
    }

    @Test func diagnosticsOnStderrAreEscaped() throws {
        let result = try BinaryRunner.run(["decode", "no-such-file-\u{1B}[2J\u{9B}31m\u{2066}.b64"])
        #expect(result.status == 66)
        #expect(Self.terminalActive(result.stderr) == nil, "\(result.stderr)")
        #expect(result.stderr.contains("no-such-file-\\u001b[2J\\u009b31m\\u2066.b64"))
        // In process too: every writeError goes through the escape, whichever console is behind it.
        let console = BufferConsole()
        #expect(console.run("verify", "--bogus\u{1B}[8m") == 64)
        #expect(console.err.contains("--bogus\\u001b[8m"))
        #expect(!console.err.unicodeScalars.contains("\u{1B}"))
    }

    @Test(arguments: [
        ("2024-02-31T12:00:00Z", "day 31 does not exist"),
        ("2024-12-31T23:59:60Z", "second 60"),
        ("2024-01-01T24:00:00Z", "hour 24"),
        ("2024-13-01T00:00:00Z", "month 13"),
        ("2024-01-01T00:00:00+24:00", "offset 24:00"),
    ])
    func impossibleAtIsAUsageError(at: String, reason: String) throws {
        for command in ["verify", "subscriptions"] {
            let path = command == "verify" ? "TestVectors/receipts/one-inapp.b64" : "TestVectors/responses/one-inapp.json"
            let result = try BinaryRunner.run([command, "--at", at, path])
            #expect(result.status == 64, "\(command) --at \(at): \(result.stderr)")
            #expect(result.stderr.contains(reason), "\(result.stderr)")
        }
    }

    @Test(arguments: ["P999999999999999999Y", "P99999999999999999999M", "PT9223372036854775807S"])
    func hugePeriodIsAUsageError(period: String) throws {
        let result = try BinaryRunner.run([
            "subscriptions", "--period", "com.example.season=\(period)", "TestVectors/responses/subscriptions/non-renewing.json",
        ])
        #expect(!result.signalled)
        #expect(result.status == 64, "\(result.stderr)")
        #expect(result.stderr.contains("is larger than"))
    }

    @Test func absurdTimeoutIsRefusedBeforeAnyRequest() throws {
        for timeout in ["1e300", "inf"] {
            let result = try BinaryRunner.run([
                "compare", "--remote", "--timeout", timeout, "--verifier-url", "http://127.0.0.1:9/verifyReceipt",
                "TestVectors/receipts/one-inapp.b64",
            ])
            #expect(!result.signalled, "--timeout \(timeout) died of signal \(result.status)")
            #expect(result.status == 69 || result.status == 64, "\(result.stderr)")
            #expect(result.stderr.contains("timeout"))
        }
    }
}
