import Foundation
import TestSupport
import Testing

/// The report's SVG opened in a real browser (Debian's headless chromium) in the window docs/reports.md suggests
/// for a screenshot: the chart must fit it, and the screenshot be the window's size, not blank or one colour, and
/// show the event and verdict colours. The PNG is kept at .build/report-screenshot.png and its path printed, so
/// a person can look at it.
@Suite struct ReportScreenshotTests {
    static let browser: String? = ["chromium", "chromium-browser"].lazy.compactMap { name -> String? in
        let path = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
            .map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
        return path
    }.first

    static let chromium = Requirement("no chromium on PATH (scripts/ensure-chromium.sh installs Debian's)") {
        browser != nil
    }

    @Test(.requires(chromium))
    func theChartRendersInAHeadlessBrowser() throws {
        let directory = try TemporaryDirectory()
        let inputs = try Self.inputs(directory)
        let svgPath = directory.path("report.svg")
        let report = try BinaryRunner.run(["report", "--svg", svgPath] + inputs)
        try #require(report.status == 0, "\(report.stderr)")
        let svg = try String(contentsOfFile: svgPath, encoding: .utf8)
        let size = try #require(Self.size(of: svg))
        let window = try ReportCLITests.screenshotWindow()
        #expect(size.width <= window.width && size.height <= window.height, "chart \(size), documented window \(window)")

        let png = directory.path("report.png")
        // A browser that hangs is stopped after two minutes (the run throws) rather than holding up the suite.
        let shot = try Subprocess.run(
            URL(fileURLWithPath: try #require(Self.browser)),
            [
                "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
                "--user-data-dir=\(directory.path("profile"))",
                "--screenshot=\(png)", "--window-size=\(window.width),\(window.height)", "file://\(svgPath)",
            ], timeout: 120)
        try #require(FileManager.default.fileExists(atPath: png), "chromium wrote no screenshot (\(shot.status)): \(shot.stderr)")
        let kept = Project.root.appendingPathComponent(".build/report-screenshot.png")
        try? FileManager.default.removeItem(at: kept)
        try FileManager.default.copyItem(at: URL(fileURLWithPath: png), to: kept)
        print(
            "report screenshot: \(kept.path) (\(window.width)x\(window.height), chart \(size.width)x\(size.height), from \(inputs.count) inputs)"
        )

        let stats = try Self.pngStats(png, colours: ["#0072B2", "#56B4E9", "#009E73", "#D55E00"])
        #expect(stats["width"] as? Int == window.width && stats["height"] as? Int == window.height)
        #expect((stats["distinct_colours"] as? Int ?? 0) > 20, "the screenshot is (nearly) one colour")
        let counted = stats["colours"] as? [String: Int] ?? [:]
        for colour in ["#0072B2", "#56B4E9", "#009E73"] {
            #expect((counted[colour] ?? 0) > 50, "the chart shows too little \(colour): \(counted)")
        }
    }

    /// The issue's batch with damaged lines when ../shared is there, else the project's vectors; plus responses.
    static func inputs(_ directory: TemporaryDirectory) throws -> [String] {
        let responses = try ReportCLITests.responseVectors()
        guard BatchMaker.present.isMet else { return [try ReportCLITests.vectorAudit(in: directory)] + responses }
        try ReportCLITests.makeBatch(directory, malformed: "0.1")
        let audit = try BinaryRunner.run(["audit", directory.path("records.jsonl")])
        try #require(audit.status == 1, "\(audit.stderr)")
        return [try directory.write("audit.jsonl", audit.stdout)] + responses
    }

    /// The root element's width and height, whole pixels.
    static func size(of svg: String) -> (width: Int, height: Int)? {
        guard let root = svg.range(of: "<svg ") else { return nil }
        let tag = svg[root.upperBound...].prefix { $0 != ">" }
        func attribute(_ name: String) -> Int? {
            guard let start = tag.range(of: " \(name)=\"") else { return nil }
            return Int(tag[start.upperBound...].prefix { $0 != "\"" })
        }
        guard let width = attribute("width"), let height = attribute("height") else { return nil }
        return (width, height)
    }

    /// `scripts/png-stats.py` over the PNG: size, distinct colours, pixels of the named colours.
    static func pngStats(_ path: String, colours: [String]) throws -> [String: Any] {
        let script = Project.root.appendingPathComponent("scripts/png-stats.py").path
        let result = try Subprocess.run(tool: "python3", [script, path] + colours.flatMap { ["--count", $0] })
        try #require(result.status == 0, "png-stats.py: \(result.stderr)")
        return try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    }
}
