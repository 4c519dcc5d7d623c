import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A blocking JSON POST over URLSession, for a command-line tool that does one thing at a time.
enum HTTPPost {
    enum Result: Sendable {
        case success(httpStatus: Int, body: Data)
        case failure(String)
    }

    /// Carries the completion handler's answer back to the waiting thread.
    private final class Box: @unchecked Sendable {
        let lock = NSLock()
        var result: Result = .failure("no answer")
    }

    static func send(_ body: Data, to url: URL, timeout: Double) -> Result {
        var request = URLRequest(url: url, timeoutInterval: timeout)
        request.httpMethod = "POST"
        request.httpBody = body
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = timeout
        configuration.timeoutIntervalForResource = timeout
        let session = URLSession(configuration: configuration)
        defer { session.finishTasksAndInvalidate() }
        let box = Box()
        let done = DispatchSemaphore(value: 0)
        let task = session.dataTask(with: request) { data, response, error in
            box.lock.lock()
            if let error {
                box.result = .failure(error.localizedDescription)
            } else if let http = response as? HTTPURLResponse {
                box.result = .success(httpStatus: http.statusCode, body: data ?? Data())
            } else {
                box.result = .failure("no HTTP response")
            }
            box.lock.unlock()
            done.signal()
        }
        task.resume()
        // The session's own timeout ends the task; the extra margin only guards against a lost callback.
        if done.wait(timeout: .now() + timeout + 5) == .timedOut {
            task.cancel()
            return .failure("timed out after \(timeout) seconds")
        }
        box.lock.lock()
        defer { box.lock.unlock() }
        return box.result
    }
}
