extension CompactJWS {
    /// `{header, payload, dates, certificates, signature_length}`: the header and payload exactly as Apple sent
    /// them (camelCase, numbers as written), every millisecond date again as RFC 3339 text under `dates`, keyed
    /// by its path in the payload (Apple's keys are never renamed), and the x5c certificates in header order.
    public var json: JSONValue {
        let dates = StoreKitDate.renderedDates(in: payload)
        return .object([
            "header": header,
            "payload": payload,
            "dates": .object(dates.mapValues(JSONValue.string)),
            "signature_length": .integer(signature.count),
            "certificates": .array(
                certificates.enumerated().map { index, certificate in
                    let role = index == 0 ? "leaf" : (certificate.isSelfSigned ? "root" : "intermediate")
                    return CertificateEntry(index: index, offset: nil, role: role, certificate: certificate).json
                }),
        ])
    }
}
