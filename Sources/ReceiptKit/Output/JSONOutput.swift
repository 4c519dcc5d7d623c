/// The one JSON serialisation of the project: documents are written straight from typed values into one reusable
/// byte buffer, pretty (2 spaces) or compact, with object keys in sorted order and slashes unescaped.
///
/// Emitting code calls ``beginObject()``, ``key(_:)`` and a value, ``endObject()``, and so on. Members may be
/// written in any order: the output keeps each object member's start, and when an object closes with its keys out
/// of order (checked pairwise as they are written, so already-ordered code pays nothing), the members' byte
/// ranges are reordered by key. Keys sort as Swift `String`'s `<` sorts them: by bytes when both are plain ASCII,
/// as `String`s otherwise (where `<` leaves a few non-ASCII pairs unordered, such as `é0` and `e` + U+0301, those
/// keep the order the sort gives, as the tree writer's did). A key must not be written twice in one object.
///
/// The buffer is the caller's to reuse: ``reset()`` empties it and keeps its capacity, so a batch writes every
/// document into the same memory.
public struct JSONOutput: Sendable {
    /// The bytes written so far.
    public private(set) var bytes: [UInt8]
    public let pretty: Bool

    /// One open object or array.
    private struct Frame: Sendable {
        let isObject: Bool
        /// Items written (members for an object).
        var count = 0
        /// Index in ``members`` of this object's first member, and in ``complexKeys`` of its first such key.
        let memberBase: Int
        let complexBase: Int
        /// Set when a key was written that sorts before the previous one.
        var unordered = false
        /// The caller writes this object's keys in sorted order (``beginObject(keysInOrder:)``): no member is
        /// recorded and nothing is compared, except by an assertion in debug builds against the previous key.
        var keysInOrder = false
        var previousKeyStart = 0
        var previousKeyEnd = 0
    }

    /// One member of an open object: where its bytes start (after the comma before it), where its key's bytes
    /// are, and, for keys that are not plain ASCII, the key itself in ``complexKeys``.
    private struct Member: Sendable {
        let start: Int
        let keyStart: Int
        let keyEnd: Int
        let complexKey: Int
    }

    private var frames: [Frame] = []
    private var members: [Member] = []
    private var complexKeys: [String] = []
    private var scratch: [UInt8] = []

    public init(pretty: Bool = true, capacity: Int = 4096) {
        self.pretty = pretty
        bytes = []
        bytes.reserveCapacity(capacity)
    }

    /// Empties the buffer for the next document, keeping its memory.
    public mutating func reset() {
        bytes.removeAll(keepingCapacity: true)
        frames.removeAll(keepingCapacity: true)
        members.removeAll(keepingCapacity: true)
        complexKeys.removeAll(keepingCapacity: true)
    }

    /// Empties the buffer but keeps the open arrays: for streaming the elements of a top-level array, each handed
    /// on as soon as it is written. Only allowed between values, with no object open.
    public mutating func dropWrittenBytes() {
        assert(members.isEmpty && !frames.contains { $0.isObject }, "bytes dropped inside an open object")
        bytes.removeAll(keepingCapacity: true)
    }

    /// Appends bytes written elsewhere (a newline, a separator) as they are.
    public mutating func appendRaw(_ raw: some Sequence<UInt8>) { bytes.append(contentsOf: raw) }

    /// Appends one byte as it is.
    public mutating func appendRaw(_ byte: UInt8) { bytes.append(byte) }

    // MARK: Containers

    /// Opens an object. `keysInOrder` promises plain keys written in sorted order (a receipt's render plan, whose
    /// steps are sorted once): the object then skips the bookkeeping that reordering would need, which is most of
    /// the cost of a key in a receipt's thousands of members.
    public mutating func beginObject(keysInOrder: Bool = false) {
        beforeValue()
        bytes.append(0x7B)
        var frame = Frame(isObject: true, memberBase: members.count, complexBase: complexKeys.count)
        frame.keysInOrder = keysInOrder
        frames.append(frame)
    }

    public mutating func endObject() {
        guard let frame = frames.popLast() else { return }
        if frame.count > 0 {
            if frame.unordered { sortMembers(frame) }
            newline(frames.count)
        }
        members.removeSubrange(frame.memberBase...)
        complexKeys.removeSubrange(frame.complexBase...)
        bytes.append(0x7D)
    }

    public mutating func beginArray() {
        beforeValue()
        bytes.append(0x5B)
        frames.append(Frame(isObject: false, memberBase: members.count, complexBase: complexKeys.count))
    }

    public mutating func endArray() {
        guard let frame = frames.popLast() else { return }
        if frame.count > 0 { newline(frames.count) }
        bytes.append(0x5D)
    }

    // MARK: Keys

    /// A key of the tool's own: plain ASCII that needs no escaping (checked in debug builds).
    public mutating func key(_ name: StaticString) {
        let start = beginMember()
        bytes.append(0x22)
        let keyStart = bytes.count
        name.withUTF8Buffer { buffer in
            assert(buffer.allSatisfy { Self.escapes[Int($0)] == 0 && $0 < 0x80 }, "a static key needs no escaping")
            bytes.append(contentsOf: buffer)
        }
        endMember(start: start, keyStart: keyStart, complexKey: -1)
    }

    /// A key of the tool's own made at run time (a table's field name): plain ASCII that needs no escaping.
    mutating func key(plain name: UnsafeBufferPointer<UInt8>) {
        let start = beginMember()
        bytes.append(0x22)
        let keyStart = bytes.count
        assert(name.allSatisfy { Self.escapes[Int($0)] == 0 && $0 < 0x80 }, "a plain key needs no escaping")
        bytes.append(contentsOf: name)
        endMember(start: start, keyStart: keyStart, complexKey: -1)
    }

    /// A key from input (or built at run time): escaped as strings are.
    public mutating func dynamicKey(_ name: String) {
        let start = beginMember()
        let keyStart = bytes.count + 1
        let plain = writeString(name)
        var complex = -1
        if !plain {
            complex = complexKeys.count
            complexKeys.append(name)
        }
        endMember(start: start, keyStart: keyStart, complexKey: complex, closingQuote: true)
    }

    private mutating func beginMember() -> Int {
        let depth = frames.count
        guard depth > 0 else { return bytes.count }
        if frames[depth - 1].count > 0 { bytes.append(0x2C) }
        let start = bytes.count
        newline(depth)
        return start
    }

    private mutating func endMember(start: Int, keyStart: Int, complexKey: Int, closingQuote: Bool = false) {
        let keyEnd = closingQuote ? bytes.count - 1 : bytes.count
        if !closingQuote { bytes.append(0x22) }
        bytes.append(0x3A)
        if pretty { bytes.append(0x20) }
        guard let top = frames.indices.last else { return }
        if frames[top].keysInOrder {
            assert(complexKey < 0, "an object with keys in order takes plain keys only")
            let previous = Member(
                start: 0, keyStart: frames[top].previousKeyStart, keyEnd: frames[top].previousKeyEnd, complexKey: -1)
            assert(
                frames[top].count == 0
                    || keyPrecedes(previous, Member(start: 0, keyStart: keyStart, keyEnd: keyEnd, complexKey: -1)),
                "keys promised in order arrived out of order")
            frames[top].previousKeyStart = keyStart
            frames[top].previousKeyEnd = keyEnd
            frames[top].count += 1
            return
        }
        let member = Member(start: start, keyStart: keyStart, keyEnd: keyEnd, complexKey: complexKey)
        if frames[top].count > 0, !frames[top].unordered, let previous = members.last,
            !keyPrecedes(previous, member)
        {
            assert(keyText(member) != keyText(previous), "a key written twice in one object")
            frames[top].unordered = true
        }
        members.append(member)
        frames[top].count += 1
    }

    // MARK: Values

    public mutating func string(_ text: String) {
        beforeValue()
        writeString(text)
    }

    /// A string given as its UTF-8 bytes (already known to be valid UTF-8: the receipt's own text fields), so
    /// no String is made just to be written.
    public mutating func string(utf8: ArraySlice<UInt8>) {
        beforeValue()
        utf8.withUnsafeBufferPointer { _ = Self.appendEscaped($0, to: &bytes) }
    }

    /// An object of counts keyed by name (`{"malformed": 48, "valid": 459}`), keys in sorted order.
    public mutating func counts(_ table: some Sequence<(key: String, value: Int)>) {
        beginObject()
        for (name, count) in table.sorted(by: { $0.key < $1.key }) {
            dynamicKey(name)
            integer(count)
        }
        endObject()
    }

    /// A string of the tool's own that needs no escaping.
    public mutating func literal(_ text: StaticString) {
        beforeValue()
        bytes.append(0x22)
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
        bytes.append(0x22)
    }

    public mutating func integer(_ value: Int) { integer(Int64(value)) }

    public mutating func integer(_ value: Int64) {
        beforeValue()
        writeDecimal(value)
    }

    public mutating func bool(_ flag: Bool) {
        beforeValue()
        appendLiteral(flag ? "true" : "false")
    }

    public mutating func null() {
        beforeValue()
        appendLiteral("null")
    }

    /// Lower-case hex of `data` as a string, written without building one.
    public mutating func hexString(_ data: some Collection<UInt8>) {
        beforeValue()
        bytes.append(0x22)
        bytes.reserveCapacity(bytes.count + 2 * data.count + 1)
        for byte in data {
            bytes.append(Self.hexDigit(byte >> 4))
            bytes.append(Self.hexDigit(byte & 0xF))
        }
        bytes.append(0x22)
    }

    /// A string value made of bytes that need no escaping (digits, dates, fixed words), written by `write`.
    public mutating func plainString(_ write: (inout [UInt8]) -> Void) {
        beforeValue()
        bytes.append(0x22)
        write(&bytes)
        bytes.append(0x22)
    }

    /// An integer written as a JSON string (`"42"`), as verifyReceipt writes many of its numbers.
    public mutating func integerString(_ value: Int64) {
        plainString { Self.appendDecimal(value, to: &$0) }
    }

    /// A value parsed from input (a verifyReceipt response, a JWS payload): numbers keep their literal text and
    /// object members come out sorted.
    public mutating func value(_ value: JSONValue) {
        switch value {
        case .null: null()
        case .bool(let flag): bool(flag)
        case .number(let literal):
            beforeValue()
            bytes.append(contentsOf: literal.utf8)
        case .string(let text): string(text)
        case .array(let items):
            beginArray()
            for item in items { self.value(item) }
            endArray()
        case .object(let entries):
            beginObject()
            for (name, member) in entries.sorted(by: { $0.key < $1.key }) {
                dynamicKey(name)
                self.value(member)
            }
            endObject()
        }
    }

    // MARK: Members that are left out when absent

    public mutating func member(_ name: StaticString, _ text: String?) {
        guard let text else { return }
        key(name)
        string(text)
    }

    public mutating func member(_ name: StaticString, integer: Int64?) {
        guard let integer else { return }
        key(name)
        self.integer(integer)
    }

    public mutating func member(_ name: StaticString, integer: Int?) {
        member(name, integer: integer.map(Int64.init))
    }

    /// An array of strings under `name`.
    public mutating func member(_ name: StaticString, strings: [String]) {
        key(name)
        beginArray()
        for text in strings { string(text) }
        endArray()
    }

    // MARK: Layout

    /// The separator and indentation before a value in an array (an object's key already wrote its own).
    @inline(__always)
    private mutating func beforeValue() {
        let depth = frames.count
        guard depth > 0, !frames[depth - 1].isObject else { return }
        if frames[depth - 1].count > 0 { bytes.append(0x2C) }
        frames[depth - 1].count += 1
        newline(depth)
    }

    @inline(__always)
    private mutating func newline(_ depth: Int) {
        guard pretty else { return }
        bytes.append(0x0A)
        for _ in 0..<depth {
            bytes.append(0x20)
            bytes.append(0x20)
        }
    }

    // MARK: Ordering

    /// Whether `first`'s key sorts strictly before `second`'s as Swift Strings sort.
    private func keyPrecedes(_ first: Member, _ second: Member) -> Bool {
        if first.complexKey < 0, second.complexKey < 0 {
            // Plain ASCII on both sides: String order is byte order.
            return bytes.withUnsafeBufferPointer { buffer in
                let shorter = min(first.keyEnd - first.keyStart, second.keyEnd - second.keyStart)
                for offset in 0..<shorter {
                    let left = buffer[first.keyStart + offset]
                    let right = buffer[second.keyStart + offset]
                    if left != right { return left < right }
                }
                return first.keyEnd - first.keyStart < second.keyEnd - second.keyStart
            }
        }
        return keyText(first) < keyText(second)
    }

    private func keyText(_ member: Member) -> String {
        member.complexKey >= 0
            ? complexKeys[member.complexKey] : String(decoding: bytes[member.keyStart..<member.keyEnd], as: UTF8.self)
    }

    /// Reorders the members of the object being closed by key. Each member's bytes run from its start (after the
    /// comma) to the comma before the next one, or to the end; the indentation is the same for all of them.
    private mutating func sortMembers(_ frame: Frame) {
        let list = Array(members[frame.memberBase...])
        let end = bytes.count
        var ranges: [(member: Member, range: Range<Int>)] = []
        ranges.reserveCapacity(list.count)
        for (index, member) in list.enumerated() {
            let stop = index + 1 < list.count ? list[index + 1].start - 1 : end
            ranges.append((member, member.start..<stop))
        }
        ranges.sort { keyPrecedes($0.member, $1.member) }
        assert(zip(ranges, ranges.dropFirst()).allSatisfy { keyText($0.member) != keyText($1.member) }, "a key written twice")
        scratch.removeAll(keepingCapacity: true)
        for (index, entry) in ranges.enumerated() {
            if index > 0 { scratch.append(0x2C) }
            scratch.append(contentsOf: bytes[entry.range])
        }
        bytes.replaceSubrange(list[0].start..<end, with: scratch)
    }

    // MARK: Strings and numbers

    /// The lower-case hex digit of a nibble (0-15).
    @inline(__always)
    static func hexDigit(_ nibble: UInt8) -> UInt8 { nibble < 10 ? 0x30 + nibble : 0x57 + nibble }

    /// Appends a fixed ASCII word (`null`, `true`) as it is.
    @inline(__always)
    private mutating func appendLiteral(_ word: StaticString) {
        word.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    /// For each byte, 0 when it is copied as is, else the character after the backslash (`u` for `\u00XX`).
    static let escapes: [UInt8] = {
        var table = [UInt8](repeating: 0, count: 256)
        for byte in 0..<0x20 { table[byte] = UInt8(ascii: "u") }
        table[0x7F] = UInt8(ascii: "u")
        table[0x22] = 0x22
        table[0x5C] = 0x5C
        table[0x0A] = UInt8(ascii: "n")
        table[0x0D] = UInt8(ascii: "r")
        table[0x09] = UInt8(ascii: "t")
        return table
    }()

    /// Writes `text` quoted and escaped; returns whether it was plain ASCII with nothing escaped.
    @discardableResult
    private mutating func writeString(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { Self.appendEscaped($0, to: &bytes) }
    }

    /// Appends `utf8` as a quoted JSON string: runs between the characters that need escaping are copied whole.
    /// Returns whether it was plain ASCII with nothing escaped.
    @discardableResult
    static func appendEscaped(_ utf8: UnsafeBufferPointer<UInt8>, to out: inout [UInt8]) -> Bool {
        out.append(0x22)
        var runStart = 0
        var plain = true
        let table = escapes
        for index in 0..<utf8.count {
            let byte = utf8[index]
            if byte >= 0x80 { plain = false }
            let escape = table[Int(byte)]
            guard escape != 0 else { continue }
            plain = false
            out.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<index]))
            out.append(0x5C)
            out.append(escape)
            if escape == UInt8(ascii: "u") {
                out.append(0x30)
                out.append(0x30)
                out.append(hexDigit(byte >> 4))
                out.append(hexDigit(byte & 0xF))
            }
            runStart = index + 1
        }
        out.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<utf8.count]))
        out.append(0x22)
        return plain
    }

    private mutating func writeDecimal(_ value: Int64) { Self.appendDecimal(value, to: &bytes) }

    /// Decimal digits of `value` (with `-` when negative), without building a String.
    public static func appendDecimal(_ value: Int64, to out: inout [UInt8]) {
        if value < 0 { out.append(0x2D) }
        appendDigits(value.magnitude, minimumWidth: 1, to: &out)
    }

    /// The decimal digits of `value`, zero-padded on the left to `minimumWidth`.
    public static func appendDigits(_ value: UInt64, minimumWidth: Int, to out: inout [UInt8]) {
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)  // up to 24 digits, filled from the right
        var count = 0
        var rest = value
        withUnsafeMutableBytes(of: &digits) { buffer in
            repeat {
                count += 1
                buffer[24 - count] = 0x30 + UInt8(truncatingIfNeeded: rest % 10)
                rest /= 10
            } while rest > 0
            while count < minimumWidth && count < 24 {
                count += 1
                buffer[24 - count] = 0x30
            }
            out.append(contentsOf: UnsafeRawBufferPointer(rebasing: buffer[(24 - count)...]))
        }
    }
}
