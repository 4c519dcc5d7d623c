extension X509Certificate {
    /// Names of Apple's marker extensions, for people reading the output.
    static let appleMarkerNames: [String: String] = [
        ASN1ObjectIdentifier.appleReceiptSigningMarker.dotted: "Apple receipt signing (leaf marker)",
        ASN1ObjectIdentifier.appleWWDRIntermediateMarker.dotted: "Apple WWDR intermediate marker",
        ASN1ObjectIdentifier.appleITunesStoreReceiptMarker.dotted: "Apple iTunes Store purchase receipt (iOS 6 leaf)",
    ]

    /// Everything the tool reports about a certificate, as members of the caller's object (which adds `role`
    /// and `index`).
    package func writeMembers(to output: inout JSONOutput) {
        output.key("apple_markers")
        output.beginArray()
        for oid in appleMarkerOIDs {
            output.beginObject()
            output.key("name")
            output.string(Self.appleMarkerNames[oid] ?? "Apple extension")
            output.key("oid")
            output.string(oid)
            output.endObject()
        }
        output.endArray()
        output.member("common_name", subjectCommonName)
        output.key("is_ca")
        output.bool(isCA)
        output.member("issuer", issuer)
        output.key("not_after")
        output.certificateTime(notAfter)
        output.key("not_before")
        output.certificateTime(notBefore)
        output.member("path_length", integer: pathLength.map(Int64.init))
        output.member("public_key", publicKeyDescription)
        output.key("self_signed")
        output.bool(isSelfSigned)
        output.member("serial", serialNumberHex)
        output.member("sha256_fingerprint", sha256Fingerprint)
        output.member("signature_algorithm", signatureAlgorithm)
        output.member("subject", subject)
    }
}

extension JSONOutput {
    /// A certificate time as ``CertificateTime/rendered`` reads, written without making the String (every
    /// verified receipt prints three certificates).
    mutating func certificateTime(_ time: CertificateTime) {
        switch time {
        case .instant(let timestamp): rfc3339(timestamp)
        case .unreadable(let text, _): string(text)
        }
    }
}
