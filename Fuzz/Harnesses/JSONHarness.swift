import ReceiptKit

/// Target `json`: ``JSONParser`` on the input, then every accessor the rest of the library uses on its
/// values (object members, array items, scalar text, 64-bit integers).
enum JSONHarness {
    static func run(_ bytes: [UInt8]) {
        let value: JSONValue
        do {
            value = try JSONParser.parse(bytes)
        } catch {
            Rendering.sink(error.offset)
            return
        }
        var pending = [value]
        var visited = 0
        while let next = pending.popLast() {
            visited += 1
            Rendering.sink((next.scalarText?.count ?? 0) &+ Int(truncatingIfNeeded: next.int64Value ?? 0))
            if let members = next.objectValue { pending += members.values }
            if let items = next.arrayValue { pending += items }
        }
        Rendering.sink(visited)
    }
}
