extension X509Certificate {
    /// Names of Apple's marker extensions, for people reading the output.
    static let appleMarkerNames: [String: String] = [
        ASN1ObjectIdentifier.appleReceiptSigningMarker.dotted: "Apple receipt signing (leaf marker)",
        ASN1ObjectIdentifier.appleWWDRIntermediateMarker.dotted: "Apple WWDR intermediate marker",
        ASN1ObjectIdentifier.appleITunesStoreReceiptMarker.dotted: "Apple iTunes Store purchase receipt (iOS 6 leaf)",
    ]

    /// Everything the tool reports about a certificate; `role` and `index` are added by the caller.
    public var json: JSONValue {
        var object = JSONObjectBuilder()
        object.set("subject", subject)
        object.set("issuer", issuer)
        object.set("common_name", subjectCommonName)
        object.set("serial", serialNumberHex)
        object.set("not_before", notBefore.rendered)
        object.set("not_after", notAfter.rendered)
        object.set("signature_algorithm", signatureAlgorithm)
        object.set("public_key", publicKeyDescription)
        object.set("sha256_fingerprint", sha256Fingerprint)
        object["is_ca"] = .bool(isCA)
        object["self_signed"] = .bool(isSelfSigned)
        object.set("path_length", number: pathLength.map(Int64.init))
        object["apple_markers"] = .array(
            appleMarkerOIDs.map { oid in
                .object(["oid": .string(oid), "name": .string(Self.appleMarkerNames[oid] ?? "Apple extension")])
            })
        return object.value
    }
}
