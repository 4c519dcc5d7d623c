/// Builds the `decode` document: `{format_version, input, container, receipt, certificates, warnings}`.
public enum DecodeReport {
    /// Bumped when a key is renamed or removed; adding keys does not bump it.
    public static let formatVersion = 1

    /// The whole document; `includeContainer: false` leaves out the container part (verify reports its own).
    public static func json(source: String, input: ReceiptInput, document: ReceiptDecoder.Document, includeContainer: Bool = true)
        -> JSONValue
    {
        var top: [String: JSONValue] = [
            "format_version": .integer(formatVersion), "input": inputJSON(source: source, input: input, document: document),
        ]
        var warnings: [String] = []
        switch document {
        case .appReceipt(let receipt):
            if includeContainer { top["container"] = containerJSON(receipt) }
            top["receipt"] = receipt.receipt.json
            top["environment"] = .string(receipt.receipt.environment.rawValue)
            warnings = receipt.receipt.warnings
        case .transactionReceipt(let transaction):
            top["receipt"] = transaction.json
            top["environment"] = .string(transaction.environment)
            warnings = transaction.warnings
            var envelope: [String: JSONValue] = [:]
            for (key, value) in transaction.envelope { envelope[key] = .string(value) }
            top["transaction_receipt"] = .object([
                "envelope": .object(envelope),
                "signature_version": .integer(Int(transaction.signatureVersion)),
                "signature_length": .integer(transaction.signature.count),
                "certificate": DecodeReport.withRole(transaction.certificate.json, "leaf", index: 0),
            ])
        case .jws(let jws):
            top["jws"] = .object([
                "header": jws.header, "payload": jws.payload,
                "signature_length": .integer(jws.signature.count),
                "certificates": .array(
                    jws.certificates.enumerated().map { index, certificate in
                        withRole(
                            certificate.json, index == 0 ? "leaf" : (certificate.isSelfSigned ? "root" : "intermediate"),
                            index: index)
                    }),
            ])
            warnings.append("StoreKit 2 JWS is decoded only; its signature is not checked by decode")
        }
        top["warnings"] = .array(warnings.map(JSONValue.string))
        return .object(top)
    }

    /// `{source, size, layers, kind, note}`: what was handed in and how it was unwrapped.
    public static func inputJSON(source: String, input: ReceiptInput, document: ReceiptDecoder.Document) -> JSONValue {
        var object: [String: JSONValue] = [
            "source": .string(source), "size": .integer(input.inputSize),
            "layers": .array(input.layers.map(JSONValue.string)),
        ]
        if case .appReceipt(let receipt) = document {
            object["kind"] = .string(receipt.kindName)
        } else {
            object["kind"] = .string(input.kindName)
        }
        if input.wasDoublyEncoded { object["note"] = .string("base64 of base64: the text was encoded twice") }
        return .object(object)
    }

    static func containerJSON(_ receipt: AppReceipt) -> JSONValue {
        let container = receipt.container
        let signers: [JSONValue] = container.signerInfos.map { signer in
            .object([
                "version": .integer(signer.version),
                "issuer": .string(signer.issuer),
                "serial": .string(signer.serialNumberHex),
                "digest_algorithm": .string(signer.digestAlgorithm.displayName),
                "signature_algorithm": .string(signer.signatureAlgorithm.displayName),
                "signature_length": .integer(signer.signature.count),
                "signed_attributes": .bool(signer.signedAttributesDER != nil),
                "unsigned_attributes": .bool(signer.hasUnsignedAttributes),
                "offset": .integer(signer.offset),
            ])
        }
        let signing = Set(container.signerInfos.compactMap(receipt.certificate(signing:)).map(ObjectIdentifier.init))
        let certificates: [JSONValue] = receipt.certificates.enumerated().map { index, certificate in
            var object = certificate.json.objectValue ?? [:]
            object["index"] = .integer(index)
            object["offset"] = .integer(container.certificates[index].offset)
            object["role"] = .string(role(of: certificate, signers: signing))
            return .object(object)
        }
        return .object([
            "content_type": .string("signedData"),
            "version": .integer(container.version),
            "encoding": .string(container.usesIndefiniteLengths ? "BER (indefinite lengths)" : "DER"),
            "digest_algorithms": .array(container.digestAlgorithms.map { .string($0.displayName) }),
            "encapsulated_content_type": .string("data"),
            "content_length": .integer(container.content.count),
            "certificates": .array(certificates),
            "crls": .bool(container.hasCRLs),
            "signers": .array(signers),
            "der_sha256": derSHA256(receipt),
        ])
    }

    /// The receipt's SHA-256, or null if this OpenSSL will not compute SHA-256 (then nothing else would work).
    static func derSHA256(_ receipt: AppReceipt) -> JSONValue {
        do {
            return .string(try receipt.derSHA256().hexString())
        } catch {
            return .null
        }
    }

    /// A descriptive role: the signer (matched by issuer and serial), a self-signed root, or an intermediate.
    static func role(of certificate: X509Certificate, signers: Set<ObjectIdentifier>) -> String {
        if signers.contains(ObjectIdentifier(certificate)) {
            return certificate.isSelfSigned ? "signer (self-signed)" : "signer"
        }
        return certificate.isSelfSigned ? "root" : (certificate.isCA ? "intermediate" : "other")
    }

    static func withRole(_ value: JSONValue, _ role: String, index: Int) -> JSONValue {
        var object = value.objectValue ?? [:]
        object["index"] = .integer(index)
        object["role"] = .string(role)
        return .object(object)
    }
}
