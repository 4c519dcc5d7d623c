/// Text for people that may name a setting of the caller's interface (``OptionHint``), rendered with the
/// caller's ``OptionNaming``: `"pass \(option: .allowXcode) to trust it"` reads "pass --allow-xcode to trust it"
/// from the CLI.
public struct Message: Sendable, Equatable, CustomStringConvertible, ExpressibleByStringInterpolation {
    enum Part: Sendable, Equatable {
        case text(String)
        case option(OptionHint)
    }

    private(set) var parts: [Part]

    public init(verbatim text: String) {
        parts = text.isEmpty ? [] : [.text(text)]
    }

    public init(stringLiteral value: String) {
        self.init(verbatim: value)
    }

    public init(stringInterpolation: Interpolation) {
        parts = stringInterpolation.parts
    }

    /// The text with every option named as `naming` names it.
    public func rendered(_ naming: OptionNaming) -> String {
        var text = ""
        for part in parts {
            switch part {
            case .text(let piece): text += piece
            case .option(let hint): text += naming.name(hint)
            }
        }
        return text
    }

    /// The text with the library's own names for options.
    public var description: String { rendered(.library) }

    /// The options this message points at.
    public var hints: [OptionHint] {
        parts.compactMap { part in
            if case .option(let hint) = part { return hint }
            return nil
        }
    }

    public static func + (lhs: Message, rhs: Message) -> Message {
        var interpolation = Interpolation(literalCapacity: 0, interpolationCount: 0)
        interpolation.appendInterpolation(lhs)
        interpolation.appendInterpolation(rhs)
        return Message(stringInterpolation: interpolation)
    }

    public static func + (lhs: Message, rhs: String) -> Message { lhs + Message(verbatim: rhs) }

    public struct Interpolation: StringInterpolationProtocol {
        var parts: [Part] = []

        public init(literalCapacity: Int, interpolationCount: Int) {}

        public mutating func appendLiteral(_ literal: String) {
            guard !literal.isEmpty else { return }
            if case .text(let previous) = parts.last {
                parts[parts.count - 1] = .text(previous + literal)
            } else {
                parts.append(.text(literal))
            }
        }

        public mutating func appendInterpolation(option hint: OptionHint) {
            parts.append(.option(hint))
        }

        public mutating func appendInterpolation(_ message: Message) {
            for part in message.parts {
                if case .text(let text) = part { appendLiteral(text) } else { parts.append(part) }
            }
        }

        public mutating func appendInterpolation<Value>(_ value: Value) {
            appendLiteral(String(describing: value))
        }
    }
}

extension Array where Element == Message {
    /// The messages joined as text would be.
    func joined(separator: String) -> Message {
        var result = Message(verbatim: "")
        for (index, message) in enumerated() {
            if index > 0 { result = result + separator }
            result = result + message
        }
        return result
    }
}
