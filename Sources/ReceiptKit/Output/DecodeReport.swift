/// Builds the `decode` document: `{format_version, input, container, receipt, certificates, warnings}`.
public enum DecodeReport {
    /// Bumped when a key is renamed or removed; adding keys does not bump it.
    public static let formatVersion = 1

    public static func json(source: String, input: ReceiptInput, document: ReceiptDecoder.Document) -> JSONValue {
        var top: [String: JSONValue] = ["format_version": .integer(formatVersion)]
        var inputObject: [String: JSONValue] = [
            "source": .string(source), "size": .integer(input.inputSize),
            "layers": .array(input.layers.map(JSONValue.string)),
        ]
        if input.wasDoublyEncoded { inputObject["note"] = .string("base64 of base64: the text was encoded twice") }
        var warnings: [String] = []
        switch document {
        case .appReceipt(let receipt):
            inputObject["kind"] = .string(receipt.kindName)
            top["container"] = containerJSON(receipt)
            top["receipt"] = receipt.receipt.json
            top["environment"] = .string(receipt.receipt.environment.rawValue)
            warnings = receipt.receipt.warnings
        case .transactionReceipt(let transaction):
            inputObject["kind"] = .string(input.kindName)
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
            inputObject["kind"] = .string(input.kindName)
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
        top["input"] = .object(inputObject)
        top["warnings"] = .array(warnings.map(JSONValue.string))
        return .object(top)
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
                "offset": .integer(signer.offset),
            ])
        }
        let certificates: [JSONValue] = receipt.certificates.enumerated().map { index, certificate in
            var object = certificate.json.objectValue ?? [:]
            object["index"] = .integer(index)
            object["offset"] = .integer(container.certificates[index].offset)
            object["role"] = .string(role(of: certificate, in: container))
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
    static func role(of certificate: X509Certificate, in container: PKCS7SignedData) -> String {
        if container.signerInfos.contains(where: {
            $0.serialNumberHex == certificate.serialNumberHex && $0.issuer == certificate.issuer
        }) {
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
