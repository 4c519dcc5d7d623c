import ArgumentParser

/// Runs a check written with the commands' own error type inside `validate()`, so that a bad value found there
/// is reported as ArgumentParser reports every usage error: the message, the usage line, exit status 64.
func validating<Value>(_ check: () throws(CLIError) -> Value) throws -> Value {
    do {
        return try check()
    } catch {
        throw ValidationError(error.description)
    }
}
