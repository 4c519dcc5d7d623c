extension HTTPEndpoint {
    /// Whether the host is this machine's loopback (`localhost`, 127.0.0.0/8, `::1`): the only place plain http
    /// may carry a bearer token, for a stand-in in a test.
    var isLoopback: Bool {
        let name = host.lowercased()
        if name == "localhost" || name == "::1" || name == "0:0:0:0:0:0:0:1" { return true }
        let parts = name.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4 && parts[0] == "127" && parts.allSatisfy { UInt8($0) != nil }
    }
}
