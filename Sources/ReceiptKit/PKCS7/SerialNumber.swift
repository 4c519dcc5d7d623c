/// A certificate serial number as an INTEGER value: the content octets of its minimal two's-complement encoding.
///
/// A SignerInfo names its certificate by issuer and serial (RFC 5652 §10.2.4), so both sides are compared as
/// values, never as hex text with zeros stripped: that comparison made the positive serial 0x8001 (encoded
/// `00 80 01`) equal to the negative one encoded `80 01`, and never found a certificate with serial 0. RFC 5280
/// §4.1.2.2 forbids CAs to issue zero or negative serials but tells users to handle them, so they match too.
package struct SerialNumber: Hashable, Sendable, CustomStringConvertible {
    /// The INTEGER content octets, minimal (X.690 §8.3.2), as DER and BER both require.
    package let contentOctets: [UInt8]

    /// Why a serial number's content octets are not an INTEGER encoding.
    package struct EncodingError: Error, Equatable, Sendable {
        package let reason: String
    }

    /// Reads INTEGER content octets; X.690 §8.3 allows neither an empty encoding nor a redundant leading octet.
    package init(contentOctets bytes: some Collection<UInt8>) throws(EncodingError) {
        let octets = Array(bytes)
        guard let first = octets.first else { throw EncodingError(reason: "an INTEGER with no content octets") }
        if octets.count > 1 {
            let second = octets[1]
            if (first == 0x00 && second & 0x80 == 0) || (first == 0xFF && second & 0x80 != 0) {
                throw EncodingError(reason: "an INTEGER with a redundant leading octet (X.690 §8.3.2)")
            }
        }
        contentOctets = octets
    }

    /// Whether the value is below zero.
    package var isNegative: Bool { (contentOctets.first ?? 0) & 0x80 != 0 }

    /// Uppercase hex the way OpenSSL's `BN_bn2hex` prints it (whole octets, no leading zero octet, `-` before
    /// the magnitude of a negative value, `0` for zero), so serials read the same as in `openssl x509 -serial`.
    package var description: String {
        var magnitude = contentOctets
        if isNegative {
            // Two's complement: invert and add one, from the last octet up.
            var carry = 1
            for index in magnitude.indices.reversed() {
                let sum = Int(~magnitude[index]) + carry
                magnitude[index] = UInt8(sum & 0xFF)
                carry = sum >> 8
            }
        }
        let digits = magnitude.drop { $0 == 0 }
        guard !digits.isEmpty else { return "0" }
        return (isNegative ? "-" : "") + digits.hexString(uppercase: true)
    }
}
