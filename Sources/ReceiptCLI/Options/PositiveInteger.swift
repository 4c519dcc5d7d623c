/// A positive whole-number option (`--jobs`, `--max-record-bytes`, `--max-line-bytes`) read as given, so that the
/// usage error can quote what was typed; nil when the option is absent.
func positiveInteger(_ text: String?, option: String) throws(CLIError) -> Int? {
    guard let text else { return nil }
    guard let number = Int(text), number > 0 else {
        throw .usage("\(option) needs a positive whole number, not '\(text)'")
    }
    return number
}
