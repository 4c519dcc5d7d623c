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
///
/// The bytes go into a ``ByteBuffer``: each key or value reserves its room once and stores its bytes unchecked.
/// ``withBytes(_:)`` hands them out without a copy (to write them to a file); ``bytes`` copies them.
public struct JSONOutput: Sendable {
    private var buffer: ByteBuffer
    /// Whether the output is indented (true) or compact.
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
        #if DEBUG
            /// The previous key of an object with keys in order, for the assertion (release frames are smaller).
            var previousKeyStart = 0
            var previousKeyEnd = 0
        #endif
    }

    /// One member of an open object: where its bytes start (after the comma before it), where its key's bytes
    /// are, and, for keys that are not plain ASCII, the key itself in ``complexKeys``.
    private struct Member: Sendable {
        let start: Int
        let keyStart: Int
        let keyEnd: Int
        let complexKey: Int
    }

    /// The number of open containers. The innermost is ``top`` (kept out of ``outer`` so that every key and
    /// value reaches it without an array access); ``outer`` holds the ones around it, outermost first.
    private var depth = 0
    private var top = Frame(isObject: false, memberBase: 0, complexBase: 0)
    private var outer: [Frame] = []
    private var members: [Member] = []
    private var complexKeys: [String] = []
    private var scratch: [UInt8] = []

    /// An empty output.
    /// - Parameters:
    ///   - pretty: Indented, one member a line (as the CLI prints), or compact on one line.
    ///   - capacity: Bytes to reserve up front, so writing a large document does not regrow the buffer.
    public init(pretty: Bool = true, capacity: Int = 4096) {
        self.pretty = pretty
        buffer = ByteBuffer(capacity: capacity)
    }

    /// The bytes written so far, copied: for tests and callers that keep them (a file's contents, a String).
    public var bytes: [UInt8] { buffer.array }

    /// The number of bytes written so far.
    public var count: Int { buffer.count }

    /// Calls `body` with the bytes written so far, without copying them (to hand them to `fwrite`).
    package func withBytes<R, E: Error>(_ body: (UnsafeRawBufferPointer) throws(E) -> R) throws(E) -> R {
        try buffer.withUnsafeBytes(body)
    }

    /// Empties the buffer for the next document, keeping its memory.
    public mutating func reset() {
        buffer.removeAll()
        depth = 0
        outer.removeAll(keepingCapacity: true)
        members.removeAll(keepingCapacity: true)
        complexKeys.removeAll(keepingCapacity: true)
    }

    /// Empties the buffer but keeps the open arrays: for streaming the elements of a top-level array, each handed
    /// on as soon as it is written. Only allowed between values, with no object open.
    package mutating func dropWrittenBytes() {
        assert(
            members.isEmpty && !(depth > 0 && (top.isObject || outer.contains { $0.isObject })),
            "bytes dropped inside an open object")
        buffer.removeAll()
    }

    /// Appends bytes written elsewhere (a newline, a separator) as they are.
    package mutating func appendRaw(_ raw: some Sequence<UInt8>) { buffer.append(contentsOf: raw) }

    /// Appends one byte as it is.
    package mutating func appendRaw(_ byte: UInt8) { buffer.append(byte) }

    // MARK: Containers

    /// Opens an object. `keysInOrder` promises plain keys written in sorted order (a receipt's render plan, whose
    /// steps are sorted once): the object then skips the bookkeeping that reordering would need, which is most of
    /// the cost of a key in a receipt's thousands of members.
    package mutating func beginObject(keysInOrder: Bool = false) {
        beforeValue()
        buffer.append(0x7B)
        var frame = Frame(isObject: true, memberBase: members.count, complexBase: complexKeys.count)
        frame.keysInOrder = keysInOrder
        push(frame)
    }

    package mutating func endObject() {
        guard let frame = pop() else { return }
        if frame.count > 0 {
            if frame.unordered { sortMembers(frame) }
            newline()
        }
        // Objects with keys in order record no members: nothing to drop (and no call to drop it).
        if members.count > frame.memberBase { members.removeSubrange(frame.memberBase...) }
        if complexKeys.count > frame.complexBase { complexKeys.removeSubrange(frame.complexBase...) }
        buffer.append(0x7D)
    }

    package mutating func beginArray() {
        beforeValue()
        buffer.append(0x5B)
        push(Frame(isObject: false, memberBase: members.count, complexBase: complexKeys.count))
    }

    package mutating func endArray() {
        guard let frame = pop() else { return }
        if frame.count > 0 { newline() }
        buffer.append(0x5D)
    }

    @inline(__always)
    private mutating func push(_ frame: Frame) {
        if depth > 0 { outer.append(top) }
        top = frame
        depth += 1
    }

    /// Closes the innermost container and returns it (nil when none is open).
    @inline(__always)
    private mutating func pop() -> Frame? {
        guard depth > 0 else { return nil }
        let frame = top
        depth -= 1
        if depth > 0, let enclosing = outer.popLast() { top = enclosing }
        return frame
    }

    // MARK: Keys

    /// A key of the tool's own: plain ASCII that needs no escaping (checked in debug builds).
    package mutating func key(_ name: StaticString) {
        // A literal of more than one character is stored as its UTF-8 bytes: read them without a closure.
        guard name.hasPointerRepresentation else { return name.withUTF8Buffer { key(plain: $0) } }
        key(plain: UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount))
    }

    /// A key of the tool's own made at run time (a table's field name): plain ASCII that needs no escaping.
    mutating func key(plain name: UnsafeBufferPointer<UInt8>) {
        assert(name.allSatisfy { Self.needsEscape($0) == false && $0 < 0x80 }, "a plain key needs no escaping")
        writePlainKey(name)
    }

    /// Writes the separator, the quoted key and the colon with one reservation, then records the member. The
    /// layout state is read into locals first: stores through the buffer's pointer could otherwise make the
    /// compiler read it again after each byte.
    @inline(__always)
    private mutating func writePlainKey(_ name: UnsafeBufferPointer<UInt8>) {
        let depth = self.depth
        let pretty = self.pretty
        let first = depth == 0 || top.count == 0
        // The line break and two spaces a level, when pretty and inside a container.
        let indent = pretty && depth > 0 ? 2 &* depth &+ 1 : 0
        let length = name.count
        let out = buffer.reserve(length &+ indent &+ 5)
        let base = buffer.count
        out[0] = 0x2C
        var written = first ? 0 : 1
        let start = base &+ written
        if indent > 0 {
            out[written] = 0x0A
            (out + written + 1).update(repeating: 0x20, count: indent &- 1)
            written &+= indent
        }
        out[written] = 0x22
        written &+= 1
        let keyStart = base &+ written
        ByteBuffer.copy(name, to: out + written)
        written &+= length
        out[written] = 0x22
        out[written &+ 1] = 0x3A
        out[written &+ 2] = 0x20
        written &+= pretty ? 3 : 2
        buffer.advance(by: written)
        endMember(start: start, keyStart: keyStart, keyEnd: keyStart &+ length, complexKey: -1)
    }

    /// A key from input (or built at run time): escaped as strings are.
    package mutating func dynamicKey(_ name: String) {
        let start = beginMember()
        let keyStart = buffer.count + 1
        let plain = writeString(name)
        let keyEnd = buffer.count - 1
        buffer.append(0x3A)
        if pretty { buffer.append(0x20) }
        var complex = -1
        if !plain {
            complex = complexKeys.count
            complexKeys.append(name)
        }
        endMember(start: start, keyStart: keyStart, keyEnd: keyEnd, complexKey: complex)
    }

    /// Writes the comma and line break before a key; returns where the member starts (after the comma).
    private mutating func beginMember() -> Int {
        guard depth > 0 else { return buffer.count }
        if top.count > 0 { buffer.append(0x2C) }
        let start = buffer.count
        newline()
        return start
    }

    /// Counts the member just written; an object without the keys-in-order promise also records it (and notes
    /// when it arrived out of order) in ``recordMember(start:keyStart:keyEnd:complexKey:)``.
    @inline(__always)
    private mutating func endMember(start: Int, keyStart: Int, keyEnd: Int, complexKey: Int) {
        guard depth > 0 else { return }
        guard top.keysInOrder else {
            return recordMember(start: start, keyStart: keyStart, keyEnd: keyEnd, complexKey: complexKey)
        }
        assert(complexKey < 0, "an object with keys in order takes plain keys only")
        #if DEBUG
            assert(
                top.count == 0
                    || keyPrecedes(
                        Member(start: 0, keyStart: top.previousKeyStart, keyEnd: top.previousKeyEnd, complexKey: -1),
                        Member(start: 0, keyStart: keyStart, keyEnd: keyEnd, complexKey: -1)),
                "keys promised in order arrived out of order")
            top.previousKeyStart = keyStart
            top.previousKeyEnd = keyEnd
        #endif
        top.count &+= 1
    }

    /// Records a member of an object whose keys may arrive in any order, for ``sortMembers(_:)``. Kept out of
    /// line so that the ordered path, which nearly every key takes, stays small.
    @inline(never)
    private mutating func recordMember(start: Int, keyStart: Int, keyEnd: Int, complexKey: Int) {
        let member = Member(start: start, keyStart: keyStart, keyEnd: keyEnd, complexKey: complexKey)
        if top.count > 0, !top.unordered, let previous = members.last, !keyPrecedes(previous, member) {
            assert(keyText(member) != keyText(previous), "a key written twice in one object")
            top.unordered = true
        }
        members.append(member)
        top.count &+= 1
    }

    // MARK: Values

    package mutating func string(_ text: String) {
        beforeValue()
        writeString(text)
    }

    /// A string given as its UTF-8 bytes (already known to be valid UTF-8: the receipt's own text fields), so
    /// no String is made just to be written.
    package mutating func string(utf8: ArraySlice<UInt8>) {
        beforeValue()
        utf8.withUnsafeBufferPointer { _ = Self.appendEscaped($0, to: &buffer) }
    }

    /// An object of counts keyed by name (`{"malformed": 48, "valid": 459}`), keys in sorted order.
    package mutating func counts(_ table: some Sequence<(key: String, value: Int)>) {
        beginObject()
        // Byte order: names that differ only in their bytes (look-alike ids) are distinct and sort the same
        // way every run.
        for (name, count) in table.sorted(by: { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }) {
            dynamicKey(name)
            integer(count)
        }
        endObject()
    }

    /// A string of the tool's own that needs no escaping.
    package mutating func literal(_ text: StaticString) {
        beforeValue()
        text.withUTF8Buffer { word in
            let length = word.count
            let out = buffer.reserve(length &+ 2)
            out[0] = 0x22
            if let base = word.baseAddress { (out + 1).update(from: base, count: length) }
            out[length &+ 1] = 0x22
            buffer.advance(by: length &+ 2)
        }
    }

    package mutating func integer(_ value: Int) { integer(Int64(value)) }

    package mutating func integer(_ value: Int64) {
        beforeValue()
        Self.appendDecimal(value, to: &buffer)
    }

    package mutating func bool(_ flag: Bool) {
        beforeValue()
        buffer.append(flag ? "true" : "false")
    }

    package mutating func null() {
        beforeValue()
        buffer.append("null")
    }

    /// Lower-case hex of `data` as a string, written without building one.
    package mutating func hexString(_ data: some Collection<UInt8>) {
        beforeValue()
        let written: Void? = data.withContiguousStorageIfAvailable { Self.appendHex($0, to: &buffer) }
        guard written == nil else { return }
        Array(data).withUnsafeBufferPointer { Self.appendHex($0, to: &buffer) }
    }

    /// `data` as a quoted string of lower-case hex digits, with one reservation.
    private static func appendHex(_ data: UnsafeBufferPointer<UInt8>, to buffer: inout ByteBuffer) {
        let length = 2 &* data.count &+ 2
        let out = buffer.reserve(length)
        out[0] = 0x22
        HexDigits.write(data, to: out + 1)
        out[length &- 1] = 0x22
        buffer.advance(by: length)
    }

    /// A string value made of bytes that need no escaping (digits, dates, fixed words), written by `write`.
    package mutating func plainString(_ write: (inout ByteBuffer) -> Void) {
        beforeValue()
        buffer.append(0x22)
        write(&buffer)
        buffer.append(0x22)
    }

    /// An integer written as a JSON string (`"42"`), as verifyReceipt writes many of its numbers.
    package mutating func integerString(_ value: Int64) {
        beforeValue()
        let out = buffer.reserve(23)
        out[0] = 0x22
        var length = 1
        if value < 0 {
            out[1] = 0x2D
            length = 2
        }
        length &+= Self.writeDigits(value.magnitude, minimumWidth: 1, at: out + length)
        out[length] = 0x22
        buffer.advance(by: length &+ 1)
    }

    /// A value parsed from input (a verifyReceipt response, a JWS payload): numbers keep their literal text and
    /// object members come out sorted.
    package mutating func value(_ value: JSONValue) {
        switch value {
        case .null: null()
        case .bool(let flag): bool(flag)
        case .number(let literal):
            beforeValue()
            buffer.append(contentsOf: literal.utf8)
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

    package mutating func member(_ name: StaticString, _ text: String?) {
        guard let text else { return }
        key(name)
        string(text)
    }

    package mutating func member(_ name: StaticString, integer: Int64?) {
        guard let integer else { return }
        key(name)
        self.integer(integer)
    }

    package mutating func member(_ name: StaticString, integer: Int?) {
        member(name, integer: integer.map(Int64.init))
    }

    /// An array of strings under `name`.
    package mutating func member(_ name: StaticString, strings: [String]) {
        key(name)
        beginArray()
        for text in strings { string(text) }
        endArray()
    }

    // MARK: Layout

    /// The separator and indentation before a value in an array (an object's key already wrote its own).
    @inline(__always)
    private mutating func beforeValue() {
        guard depth > 0, !top.isObject else { return }
        if top.count > 0 { buffer.append(0x2C) }
        top.count &+= 1
        newline()
    }

    /// A line break and the indentation of the current depth, when pretty.
    @inline(__always)
    private mutating func newline() {
        guard pretty else { return }
        let indent = 2 &* depth
        let out = buffer.reserve(indent &+ 1)
        out[0] = 0x0A
        (out + 1).update(repeating: 0x20, count: indent)
        buffer.advance(by: indent &+ 1)
    }

    // MARK: Ordering

    /// Whether `first`'s key sorts strictly before `second`'s as Swift Strings sort.
    private func keyPrecedes(_ first: Member, _ second: Member) -> Bool {
        if first.complexKey < 0, second.complexKey < 0 {
            // Plain ASCII on both sides: String order is byte order.
            let firstLength = first.keyEnd - first.keyStart
            let secondLength = second.keyEnd - second.keyStart
            let shorter = min(firstLength, secondLength)
            return buffer.withUnsafeBytes { written in
                for offset in 0..<shorter {
                    let left = written[first.keyStart &+ offset]
                    let right = written[second.keyStart &+ offset]
                    if left != right { return left < right }
                }
                return firstLength < secondLength
            }
        }
        return keyText(first) < keyText(second)
    }

    private func keyText(_ member: Member) -> String {
        if member.complexKey >= 0 { return complexKeys[member.complexKey] }
        return buffer.withUnsafeBytes { written in
            String(decoding: UnsafeRawBufferPointer(rebasing: written[member.keyStart..<member.keyEnd]), as: UTF8.self)
        }
    }

    /// Reorders the members of the object being closed by key. Each member's bytes run from its start (after the
    /// comma) to the comma before the next one, or to the end; the indentation is the same for all of them, so
    /// the reordered members fill exactly the bytes they came from.
    private mutating func sortMembers(_ frame: Frame) {
        let list = Array(members[frame.memberBase...])
        let end = buffer.count
        var ranges: [(member: Member, range: Range<Int>)] = []
        ranges.reserveCapacity(list.count)
        for (index, member) in list.enumerated() {
            let stop = index + 1 < list.count ? list[index + 1].start - 1 : end
            ranges.append((member, member.start..<stop))
        }
        ranges.sort { keyPrecedes($0.member, $1.member) }
        assert(zip(ranges, ranges.dropFirst()).allSatisfy { keyText($0.member) != keyText($1.member) }, "a key written twice")
        // Built in a local array (the scratch one, lent), so that no closure below touches `self` twice.
        var sorted: [UInt8] = []
        swap(&sorted, &scratch)
        sorted.removeAll(keepingCapacity: true)
        buffer.withUnsafeBytes { written in
            for (index, entry) in ranges.enumerated() {
                if index > 0 { sorted.append(0x2C) }
                sorted.append(contentsOf: UnsafeRawBufferPointer(rebasing: written[entry.range]))
            }
        }
        let first = list[0].start
        assert(sorted.count == end - first, "reordered members fill their bytes")
        buffer.withWrittenBytes { written in
            sorted.withUnsafeBufferPointer { source in
                guard let from = source.baseAddress, let to = written.baseAddress else { return }
                (to + first).update(from: from, count: min(source.count, end - first))
            }
        }
        scratch = sorted
    }

    // MARK: Strings and numbers

    /// Whether a byte is written escaped: the controls (with DEL), `"` and `\`.
    @inline(__always)
    static func needsEscape(_ byte: UInt8) -> Bool { byte < 0x20 || byte == 0x22 || byte == 0x5C || byte == 0x7F }

    /// Writes `text` quoted and escaped; returns whether it was plain ASCII with nothing escaped.
    @discardableResult
    private mutating func writeString(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { Self.appendEscaped($0, to: &buffer) }
    }

    /// Appends `utf8` as a quoted JSON string: runs between the characters that need escaping are copied whole.
    /// Returns whether it was plain ASCII with nothing escaped.
    @discardableResult
    static func appendEscaped(_ utf8: UnsafeBufferPointer<UInt8>, to out: inout ByteBuffer) -> Bool {
        let count = utf8.count
        var ascii = true
        var escape = JSONPlainRun.end(of: utf8, from: 0, stopAtDelete: true, ascii: &ascii)
        if escape == count {
            // Nothing to escape (nearly every string): both quotes and the text with one reservation.
            let target = out.reserve(count &+ 2)
            target[0] = 0x22
            ByteBuffer.copy(utf8, to: target + 1)
            target[count &+ 1] = 0x22
            out.advance(by: count &+ 2)
            return ascii
        }
        out.append(0x22)
        var runStart = 0
        while escape < count {
            out.append(UnsafeBufferPointer(rebasing: utf8[runStart..<escape]))
            let byte = utf8[escape]
            let target = out.reserve(6)
            target[0] = 0x5C
            switch byte {
            case 0x22, 0x5C:
                target[1] = byte
                out.advance(by: 2)
            case 0x0A, 0x0D, 0x09:
                target[1] = byte == 0x0A ? UInt8(ascii: "n") : byte == 0x0D ? UInt8(ascii: "r") : UInt8(ascii: "t")
                out.advance(by: 2)
            default:
                target[1] = UInt8(ascii: "u")
                target[2] = 0x30
                target[3] = 0x30
                target[4] = HexDigits.digit(byte >> 4)
                target[5] = HexDigits.digit(byte & 0xF)
                out.advance(by: 6)
            }
            runStart = escape &+ 1
            escape = JSONPlainRun.end(of: utf8, from: runStart, stopAtDelete: true, ascii: &ascii)
        }
        out.append(UnsafeBufferPointer(rebasing: utf8[runStart..<count]))
        out.append(0x22)
        return false
    }

    /// Decimal digits of `value` (with `-` when negative), without building a String.
    package static func appendDecimal(_ value: Int64, to out: inout ByteBuffer) {
        let target = out.reserve(21)
        var length = 0
        if value < 0 {
            target[0] = 0x2D
            length = 1
        }
        length &+= writeDigits(value.magnitude, minimumWidth: 1, at: target + length)
        out.advance(by: length)
    }

    /// The decimal digits of `value`, zero-padded on the left to `minimumWidth` (at most 24).
    package static func appendDigits(_ value: UInt64, minimumWidth: Int, to out: inout ByteBuffer) {
        let target = out.reserve(24)
        out.advance(by: writeDigits(value, minimumWidth: minimumWidth, at: target))
    }

    /// Stores the decimal digits of `value` at `target`, zero-padded on the left to `minimumWidth` (at most 24),
    /// and returns how many it stored; `target` has room for 24 (20 when `minimumWidth` is at most 20). The
    /// digits are made from the right, two at a time, in a scratch word triple and then copied, so their number
    /// need not be worked out first.
    @inline(__always)
    static func writeDigits(_ value: UInt64, minimumWidth: Int, at target: UnsafeMutablePointer<UInt8>) -> Int {
        // One or two digits (versions, small types, flags' numbers) are stored directly.
        if value < 10 && minimumWidth <= 1 {
            target[0] = 0x30 &+ UInt8(truncatingIfNeeded: value)
            return 1
        }
        if value < 100 && minimumWidth <= 2 && value >= 10 {
            let tens = (value &* 103) >> 10
            target[0] = 0x30 &+ UInt8(truncatingIfNeeded: tens)
            target[1] = 0x30 &+ UInt8(truncatingIfNeeded: value &- tens &* 10)
            return 2
        }
        var scratch: (UInt64, UInt64, UInt64) = (0, 0, 0)
        return withUnsafeMutableBytes(of: &scratch) { digits in
            var position = 24
            var rest = value
            while rest >= 100 {
                let quotient = rest / 100
                let pair = rest &- quotient &* 100
                rest = quotient
                // pair * 103 >> 10 is pair / 10 for every pair below 100.
                let tens = (pair &* 103) >> 10
                position &-= 2
                digits[position] = 0x30 &+ UInt8(truncatingIfNeeded: tens)
                digits[position &+ 1] = 0x30 &+ UInt8(truncatingIfNeeded: pair &- tens &* 10)
            }
            if rest >= 10 {
                let tens = (rest &* 103) >> 10
                position &-= 2
                digits[position] = 0x30 &+ UInt8(truncatingIfNeeded: tens)
                digits[position &+ 1] = 0x30 &+ UInt8(truncatingIfNeeded: rest &- tens &* 10)
            } else {
                position &-= 1
                digits[position] = 0x30 &+ UInt8(truncatingIfNeeded: rest)
            }
            let padded = 24 &- min(minimumWidth, 24)
            while position > padded {
                position &-= 1
                digits[position] = 0x30
            }
            let length = 24 &- position
            guard let base = digits.baseAddress else { return 0 }
            ByteBuffer.copy(from: base + position, count: length, to: UnsafeMutableRawPointer(target))
            return length
        }
    }
}
