/// One option a subcommand accepts.
struct OptionSpec: Sendable {
    let name: String
    /// The placeholder shown in help, or nil for a flag.
    let valueName: String?
    let repeatable: Bool
    let help: String

    static func flag(_ name: String, _ help: String) -> OptionSpec {
        OptionSpec(name: name, valueName: nil, repeatable: false, help: help)
    }

    static func value(_ name: String, _ valueName: String, repeatable: Bool = false, _ help: String) -> OptionSpec {
        OptionSpec(name: name, valueName: valueName, repeatable: repeatable, help: help)
    }
}

/// The command line after parsing: option values by name, flags, and positional arguments in order.
struct ParsedArguments: Sendable {
    var values: [String: [String]] = [:]
    var flags: Set<String> = []
    var positionals: [String] = []

    func value(_ name: String) -> String? { values[name]?.last }
    func all(_ name: String) -> [String] { values[name] ?? [] }
    func has(_ name: String) -> Bool { flags.contains(name) }
}

/// `--name value`, `--name=value`, `--` ends options, `-` alone is standard input; anything unknown, a missing
/// value or a repeated single-valued option is a usage error.
enum ArgumentParser {
    static func parse(_ arguments: [String], options: [OptionSpec], command: String) throws(CLIError) -> ParsedArguments {
        let byName = Dictionary(uniqueKeysWithValues: options.map { ($0.name, $0) })
        var parsed = ParsedArguments()
        var index = 0
        var optionsEnded = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if optionsEnded || argument == "-" || !argument.hasPrefix("-") {
                parsed.positionals.append(argument)
                continue
            }
            if argument == "--" {
                optionsEnded = true
                continue
            }
            if argument == "-h" {
                parsed.flags.insert("help")
                continue
            }
            guard argument.hasPrefix("--") else {
                throw .usage("unknown option '\(argument)'", command: command)
            }
            var name = String(argument.dropFirst(2))
            var inlineValue: String? = nil
            if let equals = name.firstIndex(of: "=") {
                inlineValue = String(name[name.index(after: equals)...])
                name = String(name[..<equals])
            }
            guard let spec = byName[name] else {
                throw .usage("unknown option '--\(name)'", command: command)
            }
            guard spec.valueName != nil else {
                if inlineValue != nil { throw .usage("option '--\(name)' takes no value", command: command) }
                parsed.flags.insert(name)
                continue
            }
            let value: String
            if let inlineValue {
                value = inlineValue
            } else {
                guard index < arguments.count else {
                    throw .usage("option '--\(name)' needs a value (\(spec.valueName ?? "value"))", command: command)
                }
                value = arguments[index]
                index += 1
            }
            if !spec.repeatable, parsed.values[name] != nil {
                throw .usage("option '--\(name)' given more than once", command: command)
            }
            parsed.values[name, default: []].append(value)
        }
        return parsed
    }
}
