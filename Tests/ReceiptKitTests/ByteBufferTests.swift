import ReceiptKit
import Testing

/// The writer's growable buffer: bytes survive every growth, emptying keeps the memory, and copies never see
/// each other's writes (copy on write).
@Suite struct ByteBufferTests {
    /// Byte `index` of the test pattern: every value occurs, and a shifted or dropped byte shows.
    private static func pattern(_ index: Int) -> UInt8 { UInt8(truncatingIfNeeded: index &* 7 &+ index >> 8) }

    /// Single bytes and runs of every length up to 40, from a capacity of 16, cross many capacity boundaries;
    /// the result equals the same appends to an array.
    @Test func growsAcrossCapacityBoundaries() {
        var buffer = ByteBuffer(capacity: 16)
        var expected: [UInt8] = []
        var capacities: Set<Int> = [buffer.capacity]
        var index = 0
        for length in 0...40 {
            let run = (0..<length).map { Self.pattern(index + $0) }
            index += length
            if length % 2 == 0 {
                run.withUnsafeBufferPointer { buffer.append($0) }
            } else {
                for byte in run { buffer.append(byte) }
            }
            expected += run
            capacities.insert(buffer.capacity)
            #expect(buffer.count == expected.count)
            #expect(buffer.capacity >= buffer.count)
        }
        #expect(buffer.array == expected)
        #expect(capacities.count >= 5, "the buffer grew \(capacities.count - 1) times")
        for probe in [0, 15, 16, 17, expected.count - 1] { #expect(buffer[probe] == expected[probe]) }
    }

    /// One append far larger than the capacity (a 3 MB string's bytes) lands whole, after what was there.
    @Test func takesAHugeAppendAtOnce() {
        var buffer = ByteBuffer(capacity: 16)
        buffer.append("head")
        let huge = (0..<3_000_000).map(Self.pattern)
        buffer.append(contentsOf: huge)
        #expect(buffer.count == 4 + huge.count)
        #expect(buffer.capacity >= buffer.count)
        let array = buffer.array
        #expect(array.prefix(4) == Array("head".utf8)[...])
        #expect(array.dropFirst(4).elementsEqual(huge))
    }

    /// A huge string through the JSON writer: escapes near its end and non-ASCII text come out as the
    /// reference writer writes them.
    @Test func writesAHugeStringValue() {
        let text = String(repeating: "abcdefgh\u{e9}", count: 200_000) + "\"\n\u{1}end"
        var output = JSONOutput(pretty: false, capacity: 16)
        output.string(text)
        let expected = ReferenceJSONWriter(pretty: false).bytes(.string(text))
        #expect(output.count == expected.count)
        #expect(output.bytes == expected)
    }

    /// Emptying keeps the capacity, and later bytes overwrite from the start.
    @Test func removeAllKeepsCapacity() {
        var buffer = ByteBuffer(capacity: 16)
        buffer.append(contentsOf: (0..<1000).map(Self.pattern))
        let capacity = buffer.capacity
        buffer.removeAll()
        #expect(buffer.isEmpty)
        #expect(buffer.capacity == capacity)
        buffer.append("ab")
        #expect(buffer.array == Array("ab".utf8))
        #expect(buffer.capacity == capacity)
    }

    /// A copy keeps its own bytes whichever side writes afterwards, emptied or not.
    @Test func copiesAreIndependent() {
        var original = ByteBuffer(capacity: 16)
        original.append("shared")
        var copy = original
        copy.append("+copy")
        original.append("+original")
        #expect(String(decoding: copy.array, as: UTF8.self) == "shared+copy")
        #expect(String(decoding: original.array, as: UTF8.self) == "shared+original")

        var emptied = original
        emptied.removeAll()
        emptied.append("new")
        #expect(String(decoding: emptied.array, as: UTF8.self) == "new")
        #expect(String(decoding: original.array, as: UTF8.self) == "shared+original")
    }

    /// A copied JSON writer goes on independently of the one it came from, mid-document.
    @Test func copiedWritersAreIndependent() {
        var output = JSONOutput(pretty: false, capacity: 16)
        output.beginObject()
        output.key("a")
        output.integer(1)
        var copy = output
        copy.key("b")
        copy.literal("copy")
        copy.endObject()
        output.key("c")
        output.null()
        output.endObject()
        #expect(String(decoding: copy.bytes, as: UTF8.self) == #"{"a":1,"b":"copy"}"#)
        #expect(String(decoding: output.bytes, as: UTF8.self) == #"{"a":1,"c":null}"#)
    }

    /// ``JSONOutput/withBytes(_:)`` hands out exactly the bytes ``JSONOutput/bytes`` copies.
    @Test func withBytesSeesTheWrittenBytes() {
        var output = JSONOutput(pretty: true, capacity: 16)
        output.beginArray()
        for number in 0..<100 { output.integer(number) }
        output.endArray()
        let seen = output.withBytes { Array($0) }
        #expect(seen == output.bytes)
        #expect(seen.count == output.count)
        #expect(seen.first == UInt8(ascii: "[") && seen.last == UInt8(ascii: "]"))
    }
}
