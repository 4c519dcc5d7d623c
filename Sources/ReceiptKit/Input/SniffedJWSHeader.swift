/// The protected header of a compact JWS as the input sniffer decoded and parsed it to recognise the token, handed
/// on to ``CompactJWS`` so that the header (kilobytes of x5c certificates) is decoded and parsed once per input.
package struct SniffedJWSHeader: Sendable {
    /// Bytes of the header segment: the offset of the token's first dot.
    package let segmentLength: Int
    /// The header as ``CompactJWS`` would parse it (``JSONParser``), with what follows from it.
    package let parsed: ParsedJWSHeader
}
