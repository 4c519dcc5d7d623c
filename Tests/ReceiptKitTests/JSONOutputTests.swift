import ReceiptKit
import TestSupport
import Testing

/// The streaming writer against the tree writer it replaced (kept in the tests as ``ReferenceJSONWriter``): random
/// trees give identical bytes, pretty and compact, whether members arrive sorted or in any order.
@Suite struct JSONOutputTests {
    /// Pieces of keys and strings: ASCII letters that sort in every order, escapes, controls, non-ASCII text
    /// (precomposed and decomposed accents, CJK, emoji, a bidi override), the empty string.
    private static let pieces = [
        "a", "b", "Z", "_", "0", "9", "aa", "a_b", "id", "in_app", "in", "\"", "\\", "/", "\n", "\t", "\r", "\u{0}",
        "\u{1F}", "\u{7F}", "é", "e\u{301}", "ß", "日本", "😀", "\u{202E}", "\u{80}", " ", "~", "{", "}", "",
    ]

    private static func text(_ generator: inout SplitMix) -> String {
        (0..<Int.random(in: 0...3, using: &generator)).map { _ in pieces.randomElement(using: &generator) ?? "" }.joined()
    }

    private static func tree(_ generator: inout SplitMix, depth: Int) -> JSONValue {
        let choice = Int.random(in: 0..<(depth > 3 ? 5 : 8), using: &generator)
        switch choice {
        case 0: return .null
        case 1: return .bool(Bool.random(using: &generator))
        case 2: return .integer(Int64.random(in: Int64.min...Int64.max, using: &generator))
        case 3: return .number(["1.5e10", "-0", "12345678901234567890", "0.000"].randomElement(using: &generator) ?? "0")
        case 4: return .string(text(&generator))
        case 5: return .array((0..<Int.random(in: 0...4, using: &generator)).map { _ in tree(&generator, depth: depth + 1) })
        default:
            var members: [String: JSONValue] = [:]
            for _ in 0..<Int.random(in: 0...6, using: &generator) {
                members[text(&generator)] = tree(&generator, depth: depth + 1)
            }
            return .object(members)
        }
    }

    /// Writes `value` member by member in the dictionary's own (unsorted) order, so the writer has to sort.
    private static func writeUnsorted(_ value: JSONValue, into output: inout JSONOutput) {
        switch value {
        case .array(let items):
            output.beginArray()
            for item in items { writeUnsorted(item, into: &output) }
            output.endArray()
        case .object(let members):
            output.beginObject()
            for (key, member) in members {
                output.dynamicKey(key)
                writeUnsorted(member, into: &output)
            }
            output.endObject()
        default: output.value(value)
        }
    }

    @Test(arguments: [true, false])
    func randomTreesMatchTheTreeWriter(pretty: Bool) {
        var generator = SplitMix(state: pretty ? 1 : 2)
        var output = JSONOutput(pretty: pretty)
        var unsorted = JSONOutput(pretty: pretty)
        var objects = 0
        for _ in 0..<3000 {
            let value = Self.tree(&generator, depth: 0)
            if case .object = value { objects += 1 }
            let expected = ReferenceJSONWriter(pretty: pretty).bytes(value)
            output.reset()
            output.value(value)
            #expect(output.bytes == expected)
            unsorted.reset()
            Self.writeUnsorted(value, into: &unsorted)
            #expect(unsorted.bytes == expected, "\(String(decoding: expected, as: UTF8.self))")
        }
        #expect(objects > 500)
    }

    /// Every ASCII byte (and a two-byte character) at every position of plain text long enough to be scanned
    /// eight bytes at a time, alone or next to another escape: the bytes match the reference writer's, as
    /// values and as keys.
    @Test func escapesAnyByteAtAnyPosition() {
        let characters = (0..<0x80).map { String(UnicodeScalar(UInt8($0))) } + ["\u{e9}"]
        var checked = 0
        for character in characters {
            for position in 0..<21 {
                for second in [nil, 3, 17] as [Int?] {
                    var pieces = Array(repeating: "a", count: 20)
                    pieces.insert(character, at: position)
                    if let second { pieces[second] = "\"" }
                    let text = pieces.joined()
                    var output = JSONOutput(pretty: false, capacity: 16)
                    output.beginObject()
                    output.dynamicKey(text)
                    output.string(text)
                    output.endObject()
                    let expected = ReferenceJSONWriter(pretty: false).bytes(.object([text: .string(text)]))
                    #expect(output.bytes == expected, "\(text.debugDescription)")
                    checked += 1
                }
            }
        }
        #expect(checked == 129 * 21 * 3)
    }

    /// Integers around every power of ten, both signs, as numbers and as strings, read as Swift prints them.
    @Test func writesIntegersAroundEveryPowerOfTen() {
        var values: [Int64] = [0, Int64.min, Int64.max, Int64.min + 1]
        var power: Int64 = 1
        for _ in 0..<19 {
            for value in [power - 1, power, power + 1] { values += [value, -value] }
            if power <= Int64.max / 10 { power *= 10 }
        }
        #expect(values.count == 4 + 19 * 6)
        for value in values {
            var output = JSONOutput(pretty: false, capacity: 16)
            output.beginArray()
            output.integer(value)
            output.integerString(value)
            output.endArray()
            #expect(String(decoding: output.bytes, as: UTF8.self) == "[\(value),\"\(value)\"]")
        }
    }

    /// Static keys written out of order come out sorted, nested objects included, and the order of keys that
    /// differ only after a shared prefix follows String's `<` (`in` before `in_app`).
    @Test func sortsStaticKeysWrittenOutOfOrder() {
        var output = JSONOutput(pretty: false)
        output.beginObject()
        output.key("in_app")
        output.beginArray()
        output.beginObject()
        output.key("z")
        output.integer(1)
        output.key("a")
        output.string("x")
        output.endObject()
        output.endArray()
        output.key("in")
        output.bool(true)
        output.key("b")
        output.null()
        output.endObject()
        #expect(String(decoding: output.bytes, as: UTF8.self) == #"{"b":null,"in":true,"in_app":[{"a":"x","z":1}]}"#)
    }

    @Test func writesNumbersHexAndEmptyContainers() {
        var output = JSONOutput(pretty: true)
        output.beginObject()
        output.key("min")
        output.integer(Int64.min)
        output.key("max")
        output.integer(Int64.max)
        output.key("zero")
        output.integer(0)
        output.key("hex")
        output.hexString([0x00, 0xAB, 0xFF])
        output.key("text")
        output.integerString(-42)
        output.key("empty")
        output.beginObject()
        output.endObject()
        output.key("list")
        output.beginArray()
        output.endArray()
        output.endObject()
        let expected = """
            {
              "empty": {},
              "hex": "00abff",
              "list": [],
              "max": 9223372036854775807,
              "min": -9223372036854775808,
              "text": "-42",
              "zero": 0
            }
            """
        #expect(String(decoding: output.bytes, as: UTF8.self) == expected)
    }
}
