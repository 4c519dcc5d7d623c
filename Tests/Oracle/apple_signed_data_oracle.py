#!/usr/bin/env python3
"""Apple's own verdict on StoreKit 2 signed items: the differential oracle of AppleLibraryOracleTests.

Reads JSON from stdin: a list of {"path", "kind", "environment", "bundle_id", "app_apple_id", "roots": [DER paths]}
and prints one JSON line per item: {"path", "accepted": bool, "reason"}. Each item goes through the
app-store-server-library's SignedDataVerifier (online checks off), configured for the item's own environment,
bundle id and app Apple id, with the method for its kind, so that only Apple's trust decision on the token is
asked for. Nothing here decides a test's outcome by itself: the Swift test compares it with appreceipt's.
"""
import json
import sys

from appstoreserverlibrary.models.Environment import Environment
from appstoreserverlibrary.signed_data_verifier import SignedDataVerifier

METHODS = {
    "transaction": "verify_and_decode_signed_transaction",
    "renewal_info": "verify_and_decode_renewal_info",
    "notification": "verify_and_decode_notification",
    "app_transaction": "verify_and_decode_app_transaction",
}


def verdict(item):
    method = METHODS.get(item["kind"])
    if method is None:
        return False, "no verifier method for kind " + item["kind"]
    try:
        environment = Environment(item.get("environment") or "Production")
    except ValueError:
        return False, "unknown environment " + repr(item.get("environment"))
    roots = [open(path, "rb").read() for path in item["roots"]]
    # The library wants an app Apple id for Production; transactions and renewal infos carry none (it is not
    # compared for them), so any number stands in there.
    app_apple_id = item.get("app_apple_id") or 1
    try:
        verifier = SignedDataVerifier(roots, False, environment, item.get("bundle_id") or "", app_apple_id)
    except Exception as error:
        return False, f"{type(error).__name__}: {error}"
    token = open(item["path"]).read().strip()
    try:
        getattr(verifier, method)(token)
        return True, ""
    except Exception as error:  # VerificationException and decoding errors alike are a refusal
        status = getattr(error, "status", None)
        return False, f"{type(error).__name__}: {status if status is not None else error}"


def main():
    for item in json.load(sys.stdin):
        accepted, reason = verdict(item)
        print(json.dumps({"path": item["path"], "accepted": accepted, "reason": reason}), flush=True)


if __name__ == "__main__":
    main()
