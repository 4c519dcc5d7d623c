extension ParsedArguments {
    /// A positive whole-number option, or nil when absent; anything else is a usage error of `command`.
    func positiveInteger(_ option: String, command: String) throws(CLIError) -> Int? {
        guard let text = value(option) else { return nil }
        guard let number = Int(text), number > 0 else {
            throw .usage("--\(option) needs a positive whole number, not '\(text)'", command: command)
        }
        return number
    }
}
