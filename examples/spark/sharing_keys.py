"""The keys a record puts into the sharing-signal index, exactly as appreceipt's SignalIndex takes them.

Mirrors Sources/ReceiptAudit/SignalIndex.swift and AuditRecord.hasAuthenticSignature, so that the Spark job
raises receipt_shared_between_users and transaction_shared_between_users on the same records that
`appreceipt summarize` does:
  - only records with a user id, whose signature and chain held (no signer./chain./jws. check failed, something
    was verified), and whose environment is not Xcode are indexed;
  - the payload key is the first 128 bits of payload_sha256 (64 hex digits), as the Swift index keeps it;
  - the transaction keys are the distinct transaction ids and original transaction ids of the record's purchases,
    family-shared ones and those whose own environment is Xcode left out, empty ones skipped, in order of first
    appearance; an id of decimal digits only, without leading zeros, that fits 64 bits is compared as a number,
    any other id ("+123", "0123") as its exact text (Python compares strings by code point, which is their
    UTF-8 bytes' order and equality: no Unicode normalisation, as in the Swift index).
A key is a string: "payload:" + 32 lowercase hex digits, or "transaction:" + the id (its decimal for a number).
"""

PAYLOAD = "payload:"
TRANSACTION = "transaction:"
UINT64_MAX = (1 << 64) - 1


def has_authentic_signature(record):
    """AuditRecord.hasAuthenticSignature: the receipt was verified and no signer, chain or JWS check failed."""
    verdict = record.get("verdict")
    failed = record.get("failed_checks") or []
    if verdict == "malformed" or record.get("kind") is None:
        return False
    if verdict != "valid" and not failed:
        return False
    return not any(check.startswith(("signer.", "chain.", "jws.")) for check in failed)


def is_indexed(record):
    """Whether the record feeds the index at all (SignalIndex.observe's guard)."""
    return (record.get("user_id") is not None and has_authentic_signature(record)
            and record.get("environment") != "Xcode")


def payload_key(hex_digits):
    """PayloadKey(hex:): 64 bytes whose first 32 are hex digits, keyed by those 32 (case does not matter)."""
    if not isinstance(hex_digits, str) or len(hex_digits.encode("utf-8")) != 64:
        return None
    prefix = hex_digits[:32]
    if not all(digit in "0123456789abcdefABCDEF" for digit in prefix):
        return None
    return PAYLOAD + prefix.lower()


def canonical_number(text):
    """SignalIndex.canonicalNumber: the id as a number when it is digits only, without leading zeros, in 64 bits."""
    data = text.encode("utf-8")
    if not data or (data[:1] == b"0" and len(data) != 1):
        return None
    if not all(0x30 <= byte <= 0x39 for byte in data):
        return None
    value = int(data)
    return value if value <= UINT64_MAX else None


def transaction_keys(record):
    """(key, id as the record writes it) for each distinct transaction id of the record, in order."""
    seen = set()
    keys = []
    for transaction in record.get("transactions") or []:
        if transaction.get("in_app_ownership_type") == "FAMILY_SHARED" or transaction.get("environment") == "Xcode":
            continue
        for text in (transaction.get("transaction_id"), transaction.get("original_transaction_id")):
            if not isinstance(text, str) or not text:
                continue
            number = canonical_number(text)
            key = TRANSACTION + (str(number) if number is not None else text)
            if key not in seen:
                seen.add(key)
                keys.append((key, text))
    return keys


def key_rows(record, number, line):
    """The index rows of one record: (key, label, user, number, line, ord), ord 0 the payload, 1... its ids."""
    if not is_indexed(record):
        return []
    user = record["user_id"]
    rows = []
    key = payload_key(record.get("payload_sha256"))
    if key is not None:
        rows.append((key, record["payload_sha256"], user, number, line, 0))
    for position, (key, text) in enumerate(transaction_keys(record), start=1):
        rows.append((key, text, user, number, line, position))
    return rows
