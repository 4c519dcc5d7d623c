import Testing

@testable import ReceiptRemote

/// The head checks libcurl leaves to the client: status lines, `Content-Length` values and how often they are
/// said, interim answers and trailers. The lines are fed as libcurl hands them over, CRLF included.
@Suite struct HTTPHeadCheckTests {
    /// The first refusal for `lines`, or nil when every line passes.
    func refusal(_ lines: [String]) -> String? {
        var check = HTTPHeadCheck()
        for line in lines {
            let bytes = Array((line + "\r\n").utf8)
            if let problem = bytes.withUnsafeBytes({ check.take($0) }) { return problem }
        }
        return nil
    }

    @Test(arguments: ["HTTP/1.1 200 OK", "HTTP/1.0 204", "HTTP/2 200 ", "HTTP/3 503 Busy", "HTTP/1.1 404 Not Found"])
    func aStatusLineWithThreeDigitsPasses(line: String) {
        #expect(refusal([line, "Content-Type: application/json", ""]) == nil)
    }

    @Test(arguments: [
        "HTTP/1.1 +200 OK", "HTTP/1.1 +46", "HTTP/1.1 20 OK", "HTTP/1.1 2000 OK", "HTTP/1.1 -200", "HTTP/1.1 200OK",
        "HTTP/1.1 099 Low", "HTTP/1.1 600 High", "HTTP/1.1  200 OK", "HTTP/0.9 200", "ICY 200 OK", "", "http/1.1 200",
    ])
    func anyOtherStatusLineIsRefused(line: String) {
        #expect(refusal([line])?.hasPrefix("not an HTTP status line") == true, "\(line.debugDescription)")
    }

    @Test func conflictingContentLengthsAreRefusedAndRepeatsOfOneNumberPass() {
        #expect(
            refusal(["HTTP/1.1 200 OK", "Content-Length: 17", "content-length: 19", ""])
                == "conflicting Content-Length headers (17 and 19)")
        #expect(refusal(["HTTP/1.1 200 OK", "Content-Length: 17, 18", ""]) == "conflicting Content-Length headers (17 and 18)")
        #expect(refusal(["HTTP/1.1 200 OK", "Content-Length: 17", "Content-Length:17", "Content-Length: 17, 017", ""]) == nil)
    }

    @Test(arguments: ["+17", "-1", "0x11", "17 18", "", " ", "1e3", "99999999999999999999", "17,", "١٧"])
    func aContentLengthThatIsNotPlainDigitsIsRefused(value: String) {
        #expect(refusal(["HTTP/1.1 200 OK", "Content-Length: \(value)", ""])?.hasSuffix("is not a size") == true, "\(value)")
    }

    @Test func anInterimAnswerIsCheckedAndItsLengthForgotten() {
        #expect(refusal(["HTTP/1.1 100 Continue", "Content-Length: 0", "", "HTTP/1.1 200 OK", "Content-Length: 17", ""]) == nil)
        #expect(refusal(["HTTP/1.1 100 Continue", "", "HTTP/1.1 +200 OK"])?.hasPrefix("not an HTTP status line") == true)
    }

    @Test func trailersAfterTheFinalHeadAreNotStatusLines() {
        #expect(refusal(["HTTP/1.1 200 OK", "Transfer-Encoding: chunked", "", "X-Checksum: 1", ""]) == nil)
    }

    @Test func aHeadOfMoreThanAThousandLinesIsRefused() {
        let lines = ["HTTP/1.1 200 OK"] + Array(repeating: "X: y", count: HTTPHeadCheck.maximumFields + 1)
        #expect(refusal(lines) == "more than \(HTTPHeadCheck.maximumFields) HTTP header lines")
    }
}

/// The collector counts head and body bytes together against one limit and keeps every body byte in order.
@Suite struct ResponseCollectorTests {
    @Test func theLimitCountsHeadAndBodyTogether() {
        let collector = ResponseCollector(limit: 30)
        let head = Array("HTTP/1.1 200 OK\r\n".utf8)  // 17 bytes
        #expect(head.withUnsafeBytes { collector.takeHeader($0) })
        #expect(Array("0123456789ab".utf8).withUnsafeBytes { collector.takeBody($0) })  // 29
        #expect(Array("c".utf8).withUnsafeBytes { collector.takeBody($0) })  // 30
        #expect(!Array("d".utf8).withUnsafeBytes { collector.takeBody($0) })
        #expect(collector.problem == "the answer is larger than 30 bytes")
        #expect(collector.body == Array("0123456789abc".utf8))
    }
}
