/// What was handed in and how it was unwrapped: the `input` object of every document.
package struct InputSummary: Sendable {
    /// What the input turned out to be (``InputKind``); its ``InputKind/name`` is the JSON `kind`.
    package typealias Kind = InputKind

    /// The file name, or `(stdin)`.
    package let source: String
    package let size: Int
    /// The wrappers removed, outermost first.
    package let layers: [String]
    package let kind: Kind
    /// True when base64 had to be decoded twice.
    package let wasDoublyEncoded: Bool

    package init(source: String, input: ReceiptInput, document: ReceiptDecoder.Document) {
        self.source = source
        size = input.inputSize
        layers = input.layers
        wasDoublyEncoded = input.wasDoublyEncoded
        kind = Kind(document)
    }

    /// The note shown for doubly encoded input.
    package var note: String? { wasDoublyEncoded ? "base64 of base64: the text was encoded twice" : nil }

    /// `{kind, layers, note, size, source}`.
    package func write(to output: inout JSONOutput) {
        output.beginObject()
        output.key("kind")
        output.string(kind.name)
        output.member("layers", strings: layers)
        output.member("note", note)
        output.key("size")
        output.integer(size)
        output.key("source")
        output.string(source)
        output.endObject()
    }
}
