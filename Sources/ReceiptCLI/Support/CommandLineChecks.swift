import ArgumentParser
import ReceiptKit

/// What the tool checks on the command line besides ArgumentParser: before parsing, that there is a subcommand
/// and that it exists (suggesting the nearest name when one is close); after, that no single-valued option was
/// given twice (ArgumentParser keeps the last; a script that says `--format json ... --format text` meant one of
/// them). Which options take one value comes from the declarations themselves, through the parser's own
/// description of the tool.
enum CommandLineChecks {
    /// Throws ArgumentParser's usage error, so that the root's usage line follows the message.
    static func check(_ arguments: [String]) throws {
        guard let first = arguments.first else {
            throw ValidationError("no subcommand given")
        }
        let names = subcommandNames
        // `help NAME` names a subcommand too.
        let named = first == "help" && arguments.count > 1 && !arguments[1].hasPrefix("-") ? arguments[1] : first
        if !named.hasPrefix("-"), named != "help", !names.contains(named) {
            var message = "unknown subcommand '\(named)'"
            if let suggestion = EditDistance.nearest(to: named, among: names) {
                message += ". Did you mean '\(suggestion)'?"
            }
            throw ValidationError(message)
        }
    }

    static var subcommandNames: [String] {
        AppReceipt.configuration.subcommands.compactMap { $0.configuration.commandName }
    }

    /// The first single-valued `--option` of the subcommand given twice before `--`, or nil.
    static func repeatedSingleValuedOption(_ arguments: [String]) -> String? {
        let longOptions = arguments.prefix { $0 != "--" }.filter { $0.hasPrefix("--") }.map { option in
            String(option.prefix { $0 != "=" })
        }
        // Nothing repeats at all: no need to ask which options take a single value.
        guard Set(longOptions).count < longOptions.count, let command = arguments.first else { return nil }
        let single = singleValuedOptions[command] ?? []
        var seen: Set<String> = []
        for option in longOptions where single.contains(option) {
            if !seen.insert(option).inserted { return option }
        }
        return nil
    }

    /// Per subcommand, its options that take one value (`--format`), read from ArgumentParser's JSON description
    /// of the tool (`--experimental-dump-help`).
    static let singleValuedOptions: [String: Set<String>] = {
        guard let tool = try? JSONParser.parse(Array(AppReceipt._dumpHelp().utf8)) else { return [:] }
        var result: [String: Set<String>] = [:]
        for command in tool["command"]?["subcommands"]?.arrayValue ?? [] {
            guard let name = command["commandName"]?.scalarText else { continue }
            var options: Set<String> = []
            for argument in command["arguments"]?.arrayValue ?? []
            where argument["kind"]?.scalarText == "option" && argument["isRepeating"] != .bool(true) {
                for optionName in argument["names"]?.arrayValue ?? [] where optionName["kind"]?.scalarText == "long" {
                    if let text = optionName["name"]?.scalarText { options.insert("--" + text) }
                }
            }
            result[name] = options
        }
        return result
    }()
}
