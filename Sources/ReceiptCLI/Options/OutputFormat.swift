import ArgumentParser

/// The two output formats of the commands that print documents; completion scripts offer both.
enum OutputFormat: String, CaseIterable, ExpressibleByArgument {
    case json
    case text
}
