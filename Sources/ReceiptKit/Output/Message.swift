/// Text for people that may name a setting of the caller's interface (``OptionHint``), rendered with the
/// caller's ``OptionNaming``: `"pass \(option: .allowXcode) to trust it"` reads "pass --allow-xcode to trust it"
/// from the CLI.
public struct Message: Sendable, Equatable, CustomStringConvertible, ExpressibleByStringInterpolation {
    enum Part: Sendable, Equatable {
        case text(String)
        case option(OptionHint)
    }

    private(set) var parts: [Part]

    /// A message of plain text, pointing at no option.
    /// - Parameter text: The text.
    public init(verbatim text: String) {
        parts = text.isEmpty ? [] : [.text(text)]
    }

    /// A message without options (Swift calls this for a plain string literal).
    /// - Parameter value: The text.
    public init(stringLiteral value: String) {
        self.init(verbatim: value)
    }

    /// The message a string interpolation built (Swift calls this for a message literal).
    /// - Parameter stringInterpolation: The parts collected.
    public init(stringInterpolation: Interpolation) {
        var interpolation = stringInterpolation
        interpolation.flush()
        parts = interpolation.parts
    }

    /// The text with every option named as `naming` names it.
    /// - Parameter naming: How the caller's interface names its settings.
    /// - Returns: The text, ready to show.
    public func rendered(_ naming: OptionNaming) -> String {
        if parts.count == 1, case .text(let only) = parts[0] { return only }
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

    package static func + (lhs: Message, rhs: Message) -> Message {
        var interpolation = Interpolation(literalCapacity: 0, interpolationCount: 0)
        interpolation.appendInterpolation(lhs)
        interpolation.appendInterpolation(rhs)
        return Message(stringInterpolation: interpolation)
    }

    package static func + (lhs: Message, rhs: String) -> Message { lhs + Message(verbatim: rhs) }

    /// Collects literal text and interpolated values into one String until an option hint needs a part of its
    /// own: checks build a message per check per receipt, so a batch makes millions of them.
    public struct Interpolation: StringInterpolationProtocol {
        var parts: [Part] = []
        var pending = ""

        /// Storage for a literal of about this size (Swift calls this for a message literal).
        /// - Parameters:
        ///   - literalCapacity: The literal text's length.
        ///   - interpolationCount: How many values are interpolated.
        public init(literalCapacity: Int, interpolationCount: Int) {
            pending.reserveCapacity(literalCapacity + 16 * interpolationCount)
        }

        /// Literal text between interpolations.
        /// - Parameter literal: The text to add.
        public mutating func appendLiteral(_ literal: String) { pending += literal }

        package mutating func appendInterpolation(option hint: OptionHint) {
            flush()
            parts.append(.option(hint))
        }

        package mutating func appendInterpolation(_ message: Message) {
            for part in message.parts {
                switch part {
                case .text(let text): pending += text
                case .option:
                    flush()
                    parts.append(part)
                }
            }
        }

        /// Text as it is, so a message can be built with interpolation.
        /// - Parameter value: The text to add.
        public mutating func appendInterpolation(_ value: String) { pending += value }

        package mutating func appendInterpolation(_ value: some BinaryInteger) { pending += String(value) }

        /// The value's own description, without `String(describing:)`'s run-time protocol lookups; the same text
        /// for every type here (none is also TextOutputStreamable with a different rendering).
        package mutating func appendInterpolation(_ value: some CustomStringConvertible) { pending += value.description }

        package mutating func appendInterpolation<Value>(_ value: Value) { pending += String(describing: value) }

        /// Ends the text collected so far as one part.
        mutating func flush() {
            guard !pending.isEmpty else { return }
            parts.append(.text(pending))
            pending = ""
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
