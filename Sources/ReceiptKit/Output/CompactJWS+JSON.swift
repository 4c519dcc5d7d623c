extension CompactJWS {
    /// `{certificates, dates, field_mismatches, header, payload, signature_length}`: the header and payload exactly
    /// as Apple sent them (camelCase, numbers as written), every millisecond date again as RFC 3339 text under
    /// `dates`, keyed by its path in the payload (Apple's keys are never renamed), and the x5c certificates in
    /// header order. `field_mismatches` (only when there are any) lists the documented fields sent with another
    /// JSON type, `{path, expected, found}`: the typed model does not read them (a digit-string date excepted).
    package func write(to output: inout JSONOutput) {
        output.beginObject()
        output.key("certificates")
        output.beginArray()
        for (index, certificate) in certificates.enumerated() {
            let role = index == 0 ? "leaf" : (certificate.isSelfSigned ? "root" : "intermediate")
            CertificateEntry(index: index, offset: nil, role: role, certificate: certificate).write(to: &output)
        }
        output.endArray()
        output.key("dates")
        output.beginObject()
        for (path, text) in StoreKitDate.renderedDates(in: payload).sorted(by: { $0.key < $1.key }) {
            output.dynamicKey(path)
            output.string(text)
        }
        output.endObject()
        let mismatches = storeKit.mismatches
        if !mismatches.isEmpty {
            output.key("field_mismatches")
            output.beginArray()
            for mismatch in mismatches { mismatch.write(to: &output) }
            output.endArray()
        }
        output.key("header")
        output.value(header.json)
        output.key("payload")
        output.value(payload)
        output.key("signature_length")
        output.integer(signature.count)
        output.endObject()
    }
}

extension StoreKitFieldMismatch {
    /// `{expected, found, path}`.
    func write(to output: inout JSONOutput) {
        output.beginObject()
        output.member("expected", expected)
        output.member("found", found)
        output.member("path", path)
        output.endObject()
    }
}
