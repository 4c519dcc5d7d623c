#if canImport(Glibc)
    import Glibc
#endif

/// Recognises what a user handed in and unwraps it: raw DER, base64 (either alphabet, any whitespace, padding
/// optional), a verifyReceipt request body `{"receipt-data": ...}`, base64 of base64, an iOS 6 transaction
/// receipt (old-style plist, raw or base64) and StoreKit 2 compact JWS.
public enum InputDecoder {
    /// How many base64 layers are peeled before giving up.
    static let maximumBase64Layers = 3

    /// Peels the wrappers off `bytes` and names what is inside, without parsing or verifying it; this is the
    /// first step of ``ReceiptDecoder``, for a caller that wants to know what it holds before going further.
    ///
    /// - Parameter bytes: What the user handed in, as read (at most 64 MiB).
    /// - Returns: The innermost payload and the layers removed to reach it.
    /// - Throws: ``InputError`` when the bytes are empty, too large, or none of the known forms.
    public static func decode(_ bytes: [UInt8]) throws(InputError) -> ReceiptInput {
        guard bytes.count <= Limits.maximumInputSize else { throw .tooLarge(limit: Limits.maximumInputSize) }
        guard bytes.contains(where: { !ASCII.isWhitespace($0) }) else { throw .empty }
        var layers: [String] = []
        var header: SniffedJWSHeader? = nil
        let payload = try unwrap(bytes, layers: &layers, header: &header, layerName: "input")
        return ReceiptInput(payload: payload, layers: layers, inputSize: bytes.count, sniffedJWSHeader: header)
    }

    /// `header` receives a JWS's header as the sniffer parsed it.
    private static func unwrap(
        _ bytes: [UInt8], layers: inout [String], header: inout SniffedJWSHeader?, layerName: String
    ) throws(InputError) -> ReceiptInput.Payload {
        // The start tells text from DER: a DER header breaks the text rules within its first bytes, while a
        // control character deep inside text is reported by the base64 decoder with its offset.
        guard isText(bytes.prefix(textSniffLength), mayBeCut: bytes.count > textSniffLength) else {
            // Binary: a receipt is DER; anything else is reported by the ASN.1 reader with its offset.
            layers.append("der")
            return .pkcs7(der: bytes)
        }
        let text = trimmed(bytes)
        guard let first = text.first else { throw .empty }

        if first == UInt8(ascii: "{") {
            return try unwrapBraced(Array(text), layers: &layers, header: &header)
        }
        // Before base64: a PEM body, and even its dashes and label, can pass for base64url when its length works
        // out, so a certificate would be decoded as noise instead of being named.
        if let label = pemLabel(text) {
            throw .unrecognised("input holds a PEM \(label) block, not a receipt")
        }
        // A JWS is the one text form with dots. A dot is never base64, so such a text cannot decode as base64:
        // looking for a JWS first gives the answer base64's failure would have led to, without that failed pass.
        if let jws = compactJWS(text) {
            layers.append("jws")
            header = jws.header
            return .jws(jws.token)
        }
        let decoded: [UInt8]
        let alphabet: LenientBase64.Alphabet
        do {
            (decoded, alphabet) = try LenientBase64.decode(text)
        } catch {
            // Offsets are reported in the caller's bytes, not in the trimmed view.
            throw .notBase64(offset: error.offset + (text.startIndex - bytes.startIndex), reason: error.reason, layer: layerName)
        }
        layers.append(alphabet == .standard ? "base64" : "base64 (\(alphabet.rawValue))")
        guard let head = decoded.first else { throw .unrecognised("base64 decodes to nothing") }
        if head == 0x30 {
            layers.append("der")
            return .pkcs7(der: decoded)
        }
        let inner = trimmed(decoded)
        if inner.first == UInt8(ascii: "{") {
            // A plist or JSON body, possibly followed by a few stray bytes from badly cut base64.
            return try unwrapBraced(Array(inner), layers: &layers, header: &header)
        }
        if isText(decoded) {
            if layers.filter({ $0.hasPrefix("base64") }).count < maximumBase64Layers, LenientBase64.looksLikeBase64(inner) {
                return try unwrap(decoded, layers: &layers, header: &header, layerName: "the base64-decoded text")
            }
        }
        // Name the layers already peeled, so the size is not mistaken for the file's.
        let peeled = layers.filter { $0.hasPrefix("base64") }.count
        let which =
            peeled > 1 ? "the inner base64 (layer \(peeled), inside \(peeled - 1) base64 layer(s) already decoded)" : "base64"
        throw .unrecognised(
            "\(which) decodes to \(decoded.count) bytes that are neither DER (which starts with 0x30) nor a "
                + "transaction-receipt property list; first bytes: \(decoded.prefix(8).hexString())")
    }

    /// `{...}` is either JSON (a request body or something else) or an iOS 6 old-style plist.
    private static func unwrapBraced(_ text: [UInt8], layers: inout [String], header: inout SniffedJWSHeader?)
        throws(InputError) -> ReceiptInput.Payload
    {
        let json: JSONValue
        do {
            json = try JSONParser.parse(text)
        } catch let jsonFailure {
            do {
                _ = try OldStylePlist.parseDictionary(text)
                layers.append("plist")
                return .transactionReceipt(plist: text)
            } catch let plistFailure {
                // Neither parser accepted it: report whichever got further, it is the likelier intent.
                if plistFailure.offset > jsonFailure.offset {
                    throw .invalidPlist(offset: plistFailure.offset, reason: plistFailure.reason)
                }
                throw .invalidJSON(jsonFailure)
            }
        }
        guard let object = json.objectValue else { throw .unexpectedJSON("JSON input is not an object") }
        if case .string(let receiptData)? = object["receipt-data"] {
            layers.append("json-body")
            return try unwrap(Array(receiptData.utf8), layers: &layers, header: &header, layerName: "\"receipt-data\"")
        }
        if case .string(let token)? = object["signedPayload"] ?? object["signedTransactionInfo"] ?? object["signedRenewalInfo"] {
            layers.append("json-body")
            guard let jws = compactJWS(ArraySlice(token.utf8)) else {
                throw .unexpectedJSON("the JSON body's signed payload is not a compact JWS")
            }
            layers.append("jws")
            header = jws.header
            return .jws(jws.token)
        }
        if let body = try SignedDataBody.recognise(object) {
            layers.append("json-body")
            return .signedDataBody(body)
        }
        if let type = object["notification_type"]?.scalarText {
            throw .unexpectedJSON(
                "input is an App Store Server Notification (V1, notification_type \(type)), not a receipt; "
                    + "its unified_receipt.latest_receipt holds the receipt")
        }
        if object["status"] != nil, object["receipt"] != nil || object["latest_receipt_info"] != nil {
            throw .unexpectedJSON(
                "input is a verifyReceipt response (it has \"status\" and \"receipt\"), not a receipt; "
                    + "compare and subscriptions read responses")
        }
        let keys = object.keys.sorted().prefix(6).joined(separator: ", ")
        throw .unexpectedJSON("JSON object has no \"receipt-data\" string (keys: \(keys))")
    }

    /// The token when `text` is three base64url segments whose header is a JSON object with "alg", with that
    /// header as parsed here (``CompactJWS`` takes it over instead of parsing it again).
    ///
    /// This is sniffing: a segment that fails to decode simply means "not a JWS", hence the `try?`. Nothing is
    /// split: the header must show within ``Limits/jwsHeaderSniffLength`` bytes, and the two other dots are
    /// found with memchr, stopping at a third, so text with millions of dots costs one pass and no memory.
    private static func compactJWS(_ text: ArraySlice<UInt8>) -> (token: String, header: SniffedJWSHeader)? {
        let dot = UInt8(ascii: ".")
        guard let firstDot = nextByte(dot, in: text.prefix(Limits.jwsHeaderSniffLength + 1)),
            firstDot - text.startIndex > 4,
            let header = try? JWSHeaderCache.shared.header(text[..<firstDot], parse: headerJSON),
            header.json["alg"] != nil,
            let secondDot = nextByte(dot, in: text[(firstDot + 1)...]),
            nextByte(dot, in: text[(secondDot + 1)...]) == nil
        else { return nil }
        return (
            String(decoding: text, as: UTF8.self),
            SniffedJWSHeader(segmentLength: firstDot - text.startIndex, parsed: header)
        )
    }

    /// The JSON of a header segment, or nil for one that is not base64 of JSON.
    private static func headerJSON(_ segment: ArraySlice<UInt8>) throws(JSONParser.Failure) -> JSONValue {
        guard let header = try? LenientBase64.decode(segment).bytes else {
            throw JSONParser.Failure(offset: 0, reason: "the header segment is not base64")
        }
        return try JSONParser.parse(header)
    }

    /// The label of the first `-----BEGIN LABEL-----` line, when the text has one (certificates, keys).
    ///
    /// Only the first ``Limits/pemSniffLength`` bytes are searched (PEM files start with their block, or with a
    /// few lines of text before it), and the label is cut at ``maximumPEMLabelLength`` bytes.
    static func pemLabel(_ text: ArraySlice<UInt8>) -> String? {
        let marker = Array((PEM.dashes + "BEGIN ").utf8)
        let dash = UInt8(ascii: "-")
        let searched = text.prefix(Limits.pemSniffLength)
        var from = searched.startIndex
        // Jump from dash to dash with memchr: plain base64 has no dash at all, and a byte loop here cost as much
        // as decoding the base64 that follows.
        while let candidate = nextByte(dash, in: searched[from...]) {
            if text[candidate...].starts(with: marker) {
                let label = text[(candidate + marker.count)...].prefix(maximumPEMLabelLength).prefix {
                    $0 != dash && $0 >= 0x20 && $0 < 0x7F
                }
                return String(decoding: label, as: UTF8.self)
            }
            from = candidate + 1
        }
        return nil
    }

    /// The index of the first `byte` in `bytes`, found with memchr.
    package static func nextByte(_ byte: UInt8, in bytes: ArraySlice<UInt8>) -> Int? {
        bytes.withUnsafeBufferPointer { buffer -> Int? in
            guard let base = buffer.baseAddress, let found = memchr(base, Int32(byte), buffer.count) else { return nil }
            return bytes.startIndex + (UnsafeRawPointer(found) - UnsafeRawPointer(base))
        }
    }

    /// Longest PEM label repeated in a message; real ones ("CERTIFICATE", "RSA PRIVATE KEY") are short.
    static let maximumPEMLabelLength = 64

    /// Text here means valid UTF-8 without control characters besides whitespace and NUL terminators; DER
    /// always breaks one of the two (its length octets are control characters or stray UTF-8 continuation bytes).
    /// How much of an input is examined to tell text from binary.
    static let textSniffLength = 512

    static func isText(_ bytes: some Collection<UInt8>, mayBeCut: Bool = false) -> Bool {
        var sawNonNul = false
        var sawHighBit = false
        // Eight bytes at a time while they are all printable ASCII (0x20 ..< 0x7F), as base64 text is; a group
        // holding anything else is looked at byte by byte below, so the answer is the loop's alone.
        let plainPrefix =
            bytes.withContiguousStorageIfAvailable { buffer -> Int in
                var index = 0
                while index + 8 <= buffer.count {
                    var word: UInt64 = 0
                    for shift in 0..<8 { word |= UInt64(buffer[index + shift]) << UInt64(shift * 8) }
                    guard isPrintableASCII(word) else { break }
                    index += 8
                }
                return index
            } ?? 0
        if plainPrefix > 0 { sawNonNul = true }
        for byte in bytes.dropFirst(plainPrefix) where byte != 0 {
            sawNonNul = true
            if byte >= 0x80 {
                sawHighBit = true
            } else if byte == 0x7F || (byte < 0x20 && !ASCII.isWhitespace(byte)) {
                return false
            }
        }
        guard sawNonNul else { return false }
        // A prefix may cut a multi-byte character short: allow that at the very end, and only then.
        return !sawHighBit || String(validating: bytes, as: UTF8.self) != nil
            || (mayBeCut && String(validating: bytes.dropLast(3), as: UTF8.self) != nil)
    }

    /// Whether each of the eight bytes of `word` is in 0x20 ..< 0x7F: no high bit, none below 0x20 and none equal
    /// to 0x7F (the usual word-at-a-time tests: a byte below n sets its high bit in `word - n` when `word` had it
    /// clear; 0x7F is the byte that becomes zero after XOR with 0x7F).
    @inline(__always)
    static func isPrintableASCII(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        let below20 = (word &- ones &* 0x20) & ~word & highs
        let deleted = word ^ (ones &* 0x7F)
        let has7F = (deleted &- ones) & ~deleted & highs
        return (word & highs) | below20 | has7F == 0
    }

    /// The bytes without surrounding whitespace, NULs, a UTF-8 byte-order mark or one pair of double quotes.
    static func trimmed(_ bytes: [UInt8]) -> ArraySlice<UInt8> {
        var slice = bytes[...]
        if slice.starts(with: [0xEF, 0xBB, 0xBF]) { slice = slice.dropFirst(3) }
        while let first = slice.first, ASCII.isWhitespace(first) || first == 0 { slice = slice.dropFirst() }
        while let last = slice.last, ASCII.isWhitespace(last) || last == 0 { slice = slice.dropLast() }
        if slice.count >= 2, slice.first == UInt8(ascii: "\""), slice.last == UInt8(ascii: "\"") {
            slice = slice.dropFirst().dropLast()
        }
        return slice
    }
}
