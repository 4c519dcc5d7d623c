#!/usr/bin/env python3
"""Writes the App Store Server API answers the stand-in serves (Tests/StandIn/app_store_server_api_standin.py).

Python 3 standard library and the openssl CLI only; run from anywhere:

    python3 TestVectors/make-api-vectors.py

Every signed item is made as make-jws-edge-vectors.py makes its tokens (its helpers are loaded from that file):
the jws/pki test chain, ES256 by jws/pki/leaf.key, each signature checked with the leaf before it is written.
Writes api/answers.json (every answer, by name), api/local-transaction.jws and, once, api/AuthKey_TEST.p8 with its public half
api/AuthKey_TEST.pub.pem: a throw-away P-256 key that plays the In-App Purchase key (never Apple's, never a
real team's). OpenSSL has no deterministic ECDSA, so signatures change on every run; what each answer holds,
and so what the tests expect, does not. What is where: api/README.md.
"""
from __future__ import annotations

import importlib.util
import json
import pathlib
import subprocess

HERE = pathlib.Path(__file__).resolve().parent
OUT = HERE / "api"
_spec = importlib.util.spec_from_file_location("edge", HERE / "make-jws-edge-vectors.py")
edge = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(edge)

DAY = 86_400_000
ORIGINAL_ID = "1000000000000501"


def chain_transaction(number: int, purchased: int, **extra) -> dict:
    """Transaction 20000000000005NN of the subscription whose original transaction id is ORIGINAL_ID."""
    payload = edge.transaction(f"0000000000005{number:02d}")
    payload.update(originalTransactionId=ORIGINAL_ID, purchaseDate=purchased, expiresDate=purchased + 30 * DAY,
                   originalPurchaseDate=edge.ORIGINAL,
                   transactionReason="PURCHASE" if number == 1 else "RENEWAL", **extra)
    return payload


def history_pages(forged_index: int | None = None) -> list[dict]:
    """Five transactions of one subscription, two a page; the third was refunded. `forged_index`: altered after signing."""
    start = edge.ORIGINAL
    tokens = []
    for n in range(1, 6):
        extra = {"revocationDate": start + (2 * 30 + 3) * DAY, "revocationReason": 0} if n == 3 else {}
        tokens.append(edge.token(chain_transaction(n, start + (n - 1) * 30 * DAY, **extra)))
    if forged_index is not None:
        tokens[forged_index] = edge.forged(tokens[forged_index])
    pages = []
    for index in range(0, len(tokens), 2):
        last = index + 2 >= len(tokens)
        pages.append({"revision": f"rev-{index // 2 + 1}", "bundleId": edge.BUNDLE, "appAppleId": edge.APP_APPLE_ID,
                      "environment": "Production", "hasMore": not last, "signedTransactions": tokens[index:index + 2]})
    return pages


def notification_pages() -> list[dict]:
    """Three notifications over two pages, each with its unsigned send attempts."""
    entries = []
    for n in range(1, 4):
        data = edge.app_data(signedTransactionInfo=edge.token(chain_transaction(n, edge.ORIGINAL + (n - 1) * 30 * DAY)))
        payload = edge.notification(data, notificationUUID=f"00000000-0000-4000-8000-00000000000{n}")
        entries.append({"signedPayload": edge.token(payload),
                        "sendAttempts": [{"attemptDate": edge.SIGNED + n, "sendAttemptResult": "SUCCESS"}]})
    return [{"notificationHistory": entries[:2], "hasMore": True, "paginationToken": "page-2-token"},
            {"notificationHistory": entries[2:], "hasMore": False}]


def answers() -> dict:
    renewal = edge.renewal("000000000000501")
    renewal["originalTransactionId"] = ORIGINAL_ID
    latest = chain_transaction(5, edge.ORIGINAL + 4 * 30 * DAY)
    app_transaction = {"receiptType": "Production", "appAppleId": edge.APP_APPLE_ID, "bundleId": edge.BUNDLE,
                       "applicationVersion": "42", "receiptCreationDate": edge.SIGNED, "requestDate": edge.SIGNED,
                       "originalApplicationVersion": "1", "originalPurchaseDate": edge.ORIGINAL,
                       "appTransactionId": "704000000000000501", "originalPlatform": "iOS", "signedDate": edge.SIGNED}
    test = edge.notification(edge.app_data(), notificationType="TEST",
                             notificationUUID="00000000-0000-4000-8000-0000000000ff")
    return {
        "transaction": {"signedTransactionInfo": edge.token(latest)},
        "history": history_pages(),
        "history-forged": history_pages(forged_index=1),
        "statuses": {"environment": "Production", "bundleId": edge.BUNDLE, "appAppleId": edge.APP_APPLE_ID, "data": [
            {"subscriptionGroupIdentifier": "21000001", "lastTransactions": [
                {"originalTransactionId": ORIGINAL_ID, "status": 1, "signedTransactionInfo": edge.token(latest),
                 "signedRenewalInfo": edge.token(renewal)}]}]},
        "refunds": [{"revision": "refund-rev-1", "hasMore": False,
                     "signedTransactions": [history_pages()[1]["signedTransactions"][0]]}],
        "lookup": {"status": 0, "signedTransactions": [edge.token(chain_transaction(1, edge.ORIGINAL))]},
        "app-transaction": {"signedAppTransactionInfo": edge.token(app_transaction)},
        "notifications": notification_pages(),
        "test-notification-status": {"signedPayload": edge.token(test), "firstSendAttemptResult": "SUCCESS",
                                     "sendAttempts": [{"attemptDate": edge.SIGNED, "sendAttemptResult": "SUCCESS"}]},
    }


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    key = OUT / "AuthKey_TEST.p8"
    if not key.exists():
        subprocess.run(["openssl", "genpkey", "-algorithm", "EC", "-pkeyopt", "ec_paramgen_curve:P-256", "-out", str(key)],
                       check=True, capture_output=True)
    subprocess.run(["openssl", "pkey", "-in", str(key), "-pubout", "-out", str(OUT / "AuthKey_TEST.pub.pem")],
                   check=True, capture_output=True)
    (OUT / "answers.json").write_text(json.dumps(answers(), indent=1, sort_keys=True) + "\n")
    # The first purchase as the app saw it, for `compare --api`: its quantity differs from Apple's history.
    (OUT / "local-transaction.jws").write_text(edge.token(chain_transaction(1, edge.ORIGINAL, quantity=2)) + "\n")


if __name__ == "__main__":
    main()
