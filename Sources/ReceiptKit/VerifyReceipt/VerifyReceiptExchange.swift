/// One request made to a verifyReceipt endpoint, for the comparison report: the model half of the client in
/// ReceiptRemote, kept here so that a report can be written without linking anything that talks to a network.
package struct VerifyReceiptExchange: Sendable {
    package let environment: String
    package let url: String
    package let httpStatus: Int?
    package let status: Int?
    /// Transport trouble or a retryable answer, in words.
    package let problem: String?

    package init(environment: String, url: String, httpStatus: Int?, status: Int?, problem: String?) {
        self.environment = environment
        self.url = url
        self.httpStatus = httpStatus
        self.status = status
        self.problem = problem
    }
}
