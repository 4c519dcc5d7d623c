#!/usr/bin/env python3
"""Writes the StoreKit 2 edge-case vectors in TestVectors/jws/edge/ (issues 19 and 20).

Python 3 standard library and the openssl CLI only; run from anywhere (make-jws-vectors.sh runs it last, so the
vectors always carry the current jws/pki chain):

    python3 TestVectors/make-jws-edge-vectors.py

Tokens are made as make-jws-vectors.sh makes them (and as Apple does, receipt-format.md section 7.1): header
{"alg":"ES256","x5c":[leaf, intermediate, root]}, unpadded base64url, `openssl dgst -sha256 -sign` with
jws/pki/leaf.key, the DER ECDSA-Sig-Value turned into the raw 64-byte r || s of RFC 7518 section 3.4 (read off
`openssl asn1parse`), and each signature checked with the leaf certificate before it is written. What each file is,
and so what a verifier must say of it, is in jws/edge/README.md; OpenSSL has no deterministic ECDSA, so the
signatures change on every run while the meaning does not.
"""
from __future__ import annotations

import base64
import json
import pathlib
import re
import subprocess
import tempfile

HERE = pathlib.Path(__file__).resolve().parent
PKI = HERE / "jws" / "pki"
OUT = HERE / "jws" / "edge"

BUNDLE = "com.example.appreceipt.storekit"
APP_APPLE_ID = 1234567890
SIGNED = 1748736000000  # 2025-06-01T00:00:00Z
PURCHASED = 1748649600000
EXPIRES = 1751328000000
ORIGINAL = 1717200000000


def b64url(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).decode().rstrip("=")


def der(name: str) -> bytes:
    return subprocess.run(
        ["openssl", "x509", "-in", str(PKI / f"{name}.pem"), "-outform", "DER"], check=True, capture_output=True
    ).stdout


def header(**extra) -> dict:
    members = {"alg": "ES256", "x5c": [base64.b64encode(der(n)).decode() for n in ("leaf", "intermediate", "root")]}
    members.update(extra)
    return members


def es256(signing_input: bytes) -> bytes:
    """The raw r || s of an ECDSA P-256 SHA-256 signature by the test leaf, checked with its certificate."""
    with tempfile.TemporaryDirectory() as work:
        path = pathlib.Path(work)
        (path / "input").write_bytes(signing_input)
        subprocess.run(
            ["openssl", "dgst", "-sha256", "-sign", str(PKI / "leaf.key"), "-out", str(path / "sig.der"), str(path / "input")],
            check=True, capture_output=True)
        subprocess.run(
            ["openssl", "x509", "-in", str(PKI / "leaf.pem"), "-noout", "-pubkey", "-out", str(path / "pub.pem")],
            check=True, capture_output=True)
        subprocess.run(
            ["openssl", "dgst", "-sha256", "-verify", str(path / "pub.pem"), "-signature", str(path / "sig.der"),
             str(path / "input")], check=True, capture_output=True)
        parsed = subprocess.run(
            ["openssl", "asn1parse", "-inform", "DER", "-in", str(path / "sig.der")], check=True, capture_output=True,
            text=True).stdout
    integers = re.findall(r"INTEGER\s*:([0-9A-F]+)", parsed)
    assert len(integers) == 2, parsed
    return b"".join(bytes.fromhex(value.rjust(64, "0")) for value in integers)


def token(payload: dict, head: dict | None = None) -> str:
    signing_input = f"{b64url(json.dumps(head or header(), separators=(',', ':')).encode())}." \
        f"{b64url(json.dumps(payload, separators=(',', ':')).encode())}"
    return f"{signing_input}.{b64url(es256(signing_input.encode()))}"


def forged(token_text: str) -> str:
    """The token with its payload's price changed after signing (the signature no longer matches)."""
    head, payload, signature = token_text.split(".")
    data = json.loads(base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4)))
    data["price"] = 99
    return f"{head}.{b64url(json.dumps(data, separators=(',', ':')).encode())}.{signature}"


def transaction(number: str, environment: str = "Production", bundle: str = BUNDLE, signed: int = SIGNED) -> dict:
    return {
        "transactionId": f"2{number}", "originalTransactionId": f"1{number}", "webOrderLineItemId": f"3{number}",
        "bundleId": bundle, "productId": "pro.monthly", "subscriptionGroupIdentifier": "21000001",
        "purchaseDate": PURCHASED, "originalPurchaseDate": ORIGINAL, "expiresDate": EXPIRES, "quantity": 1,
        "type": "Auto-Renewable Subscription", "inAppOwnershipType": "PURCHASED", "signedDate": signed,
        "environment": environment, "transactionReason": "RENEWAL", "storefront": "USA", "storefrontId": "143441",
        "price": 9990, "currency": "USD",
    }


def renewal(number: str, signed: int = SIGNED) -> dict:
    return {
        "originalTransactionId": f"1{number}", "autoRenewProductId": "pro.monthly", "productId": "pro.monthly",
        "autoRenewStatus": 1, "signedDate": signed, "environment": "Production",
        "recentSubscriptionStartDate": ORIGINAL, "renewalDate": EXPIRES,
    }


def notification(data: dict | None = None, signed: int | None = SIGNED, section: str = "data", **extra) -> dict:
    payload = {"notificationType": "DID_RENEW", "notificationUUID": "5d0c9a1e-2b7f-4c33-8e61-0a9b4f2d7c18",
               "version": "2.0"}
    if data is not None:
        payload[section] = data
    if signed is not None:
        payload["signedDate"] = signed
    payload.update(extra)
    return payload


def app_data(**extra) -> dict:
    data = {"appAppleId": APP_APPLE_ID, "bundleId": BUNDLE, "bundleVersion": "42", "environment": "Production",
            "status": 1}
    data.update(extra)
    return data


def write(name: str, text: str) -> None:
    (OUT / name).write_text(text + "\n")


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    write("crit-unknown-parameter.jws", token(transaction("000000000000901"), header(crit=["exp"], exp=1751328000)))
    write("crit-empty.jws", token(transaction("000000000000902"), header(crit=[])))
    # Early V2 notifications carry no signedDate: checked at the latest nested signedDate that verifies.
    later = SIGNED + 3_600_000
    write("notification-without-signed-date.jws", token(notification(app_data(
        signedTransactionInfo=token(transaction("000000000000903", signed=later)),
        signedRenewalInfo=token(renewal("000000000000903"))), signed=None)))
    # Its only nested item is forged (and claims the latest date): the outer borrows nothing.
    write("notification-without-signed-date-forged-nested.jws", token(notification(app_data(
        signedTransactionInfo=forged(token(transaction("000000000000904", signed=later)))), signed=None)))
    write("notification-app-data.jws", token(notification(
        {"appAppleId": APP_APPLE_ID, "bundleId": BUNDLE, "environment": "Production",
         "signedAppTransactionInfo": token({
             "receiptType": "Production", "appAppleId": APP_APPLE_ID, "bundleId": BUNDLE, "applicationVersion": "42",
             "versionExternalIdentifier": 1, "receiptCreationDate": SIGNED, "requestDate": SIGNED,
             "originalApplicationVersion": "1", "originalPurchaseDate": ORIGINAL, "deviceVerification": "AAAA",
             "deviceVerificationNonce": "5d0c9a1e-2b7f-4c33-8e61-0a9b4f2d7c18", "signedDate": SIGNED})},
        section="appData", notificationType="RESCIND_CONSENT")))
    write("notification-summary.jws", token(notification(
        {"requestIdentifier": "b5e3e0a4-6a1d-4f0e-9d53-3f7a9c2e1b66", "environment": "Production",
         "appAppleId": APP_APPLE_ID, "bundleId": BUNDLE, "productId": "pro.monthly",
         "storefrontCountryCodes": ["USA"], "failedCount": 0, "succeededCount": 3},
        section="summary", notificationType="RENEWAL_EXTENSION", subtype="SUMMARY")))
    # A Production notification of this app nesting a Sandbox transaction of another app.
    write("notification-nesting-other-app.jws", token(notification(app_data(
        signedTransactionInfo=token(transaction("000000000000905", environment="Sandbox", bundle="com.example.other"))))))
    # Four notifications deep: past the walker's limit, so never checked and never valid.
    inner = token(transaction("000000000000906"))
    for _ in range(4):
        inner = token(notification(app_data(signedTransactionInfo=inner)))
    write("notification-nested-too-deep.jws", inner)
    # Documented fields sent with the wrong JSON type (signed as such): shown as field mismatches, not read.
    wrong = transaction("000000000000907")
    wrong.update(price="9990", quantity=True, expiresDate=str(EXPIRES), inAppOwnershipType=1)
    write("transaction-wrong-field-types.jws", token(wrong))


if __name__ == "__main__":
    main()
