#!/usr/bin/env python3
"""Writes the hand-made verifyReceipt responses in TestVectors/responses/.

Python 3.11 standard library only (zoneinfo needs the system tz database). Run from anywhere:

    python3 TestVectors/responses/make-responses.py

Everything here follows Apple's documented verifyReceipt format (receipt-format.md section 6), never
appreceipt's own code:

- part 2: one-inapp.json, one-inapp-edited-bundle.json, zero-inapp.json, many-inapp-200.json, built from the
  facts in TestVectors/expectations.json (which was written by hand from the receipt inputs);
- part 3: subscriptions/*.json and subscriptions/expected.json. Every expected state, flag and period below
  is written out by hand; `check-responses.py` re-derives them independently from the written files.

The output is deterministic: re-running rewrites the same bytes.
"""
from __future__ import annotations

import copy
import datetime as dt
import json
import pathlib
import sys
from zoneinfo import ZoneInfo

HERE = pathlib.Path(__file__).resolve().parent
VECTORS = HERE.parent
SUBS = HERE / "subscriptions"

UTC = dt.timezone.utc
LA = ZoneInfo("America/Los_Angeles")
EPOCH = dt.datetime(1970, 1, 1, tzinfo=UTC)


# --------------------------------------------------------------------------------------------- dates
def t(text: str) -> dt.datetime:
    """'2024-03-01 12:00:00' or '2024-03-01 12:10:00.437' (UTC) or RFC 3339 '...Z' -> aware datetime."""
    text = text.strip().replace("T", " ")
    if text.endswith("Z"):
        text = text[:-1]
    return dt.datetime.fromisoformat(text).replace(tzinfo=UTC)


def ms(when: dt.datetime) -> int:
    """Epoch milliseconds, exact (no float)."""
    return (when - EPOCH) // dt.timedelta(milliseconds=1)


def gmt(when: dt.datetime) -> str:
    return when.astimezone(UTC).strftime("%Y-%m-%d %H:%M:%S") + " Etc/GMT"


def pst(when: dt.datetime) -> str:
    # America/Los_Angeles with DST, whatever the "_pst" suffix says (receipt-format.md 3.2)
    return when.astimezone(LA).strftime("%Y-%m-%d %H:%M:%S") + " America/Los_Angeles"


def triplet(name: str, when: dt.datetime) -> dict:
    return {name: gmt(when), name + "_ms": str(ms(when)), name + "_pst": pst(when)}


def rfc3339(when: dt.datetime) -> str:
    return when.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


# ------------------------------------------------------------------------------------- JSON builders
def transaction(product_id, transaction_id, original_transaction_id, purchase, original_purchase,
                expires=None, *, web_order_line_item_id=None, trial=False, intro=None, promo=None,
                cancellation=None, cancellation_reason=None, upgraded=False, group=None, ownership=None):
    """One in_app / latest_receipt_info entry, every value a string as Apple sends it (6.6, 6.8)."""
    entry = {
        "quantity": "1",
        "product_id": product_id,
        "transaction_id": transaction_id,
        "original_transaction_id": original_transaction_id,
    }
    entry.update(triplet("purchase_date", purchase))
    entry.update(triplet("original_purchase_date", original_purchase))
    if expires is not None:
        entry.update(triplet("expires_date", expires))
    if cancellation is not None:
        entry.update(triplet("cancellation_date", cancellation))
        if cancellation_reason is not None:
            entry["cancellation_reason"] = cancellation_reason
    if web_order_line_item_id:
        entry["web_order_line_item_id"] = str(web_order_line_item_id)
    entry["is_trial_period"] = "true" if trial else "false"
    if expires is not None:  # subscriptions only
        entry["is_in_intro_offer_period"] = "true" if intro else "false"
    if upgraded:
        entry["is_upgraded"] = "true"
    if promo:
        entry["promotional_offer_id"] = promo
    if ownership:
        entry["in_app_ownership_type"] = ownership
    if group:
        entry["subscription_group_identifier"] = group
    return entry


def receipt_object(*, receipt_type, app_item_id, bundle_id, application_version, download_id,
                   version_external_identifier, created, requested, original_purchase,
                   original_application_version, in_app, expiration=None):
    """The `receipt` object of a response (6.5): ids are JSON numbers, dates are triplets."""
    receipt = {
        "receipt_type": receipt_type,
        "adam_id": app_item_id,  # the app's Apple ID, the same number as app_item_id (0 in sandbox)
        "app_item_id": app_item_id,
        "bundle_id": bundle_id,
        "application_version": application_version,
        "download_id": download_id,
        "version_external_identifier": version_external_identifier,
    }
    receipt.update(triplet("receipt_creation_date", created))
    receipt.update(triplet("request_date", requested))
    receipt.update(triplet("original_purchase_date", original_purchase))
    receipt["original_application_version"] = original_application_version
    if expiration is not None:
        receipt.update(triplet("expiration_date", expiration))
    receipt["in_app"] = in_app
    return receipt


def pending(product_id, original_transaction_id, *, auto_renew_product_id=None, auto_renew_status,
            expiration_intent=None, billing_retry=None, grace=None):
    entry = {
        "auto_renew_product_id": auto_renew_product_id or product_id,
        "product_id": product_id,
        "original_transaction_id": original_transaction_id,
        "auto_renew_status": auto_renew_status,
    }
    if expiration_intent is not None:
        entry["expiration_intent"] = expiration_intent
    if billing_retry is not None:
        entry["is_in_billing_retry_period"] = billing_retry
    if grace is not None:
        entry.update(triplet("grace_period_expires_date", grace))
    return entry


def write(path: pathlib.Path, value) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    text = json.dumps(value, indent=2, ensure_ascii=False) + "\n"
    path.write_text(text, encoding="utf-8")
    print(f"wrote {path.relative_to(VECTORS.parent)}")


# ------------------------------------------------------------------------------------------- part 2
def expectation(name: str) -> dict:
    entries = json.loads((VECTORS / "expectations.json").read_text(encoding="utf-8"))
    for entry in entries:
        if entry["file"] == f"receipts/{name}.der":
            return entry
    sys.exit(f"make-responses: receipts/{name}.der is not in expectations.json")


def latest_receipt(name: str) -> str:
    return (VECTORS / "receipts" / f"{name}.b64").read_text(encoding="ascii").strip()


def receipt_from_expectation(e: dict, requested: dt.datetime, in_app: list) -> dict:
    return receipt_object(
        receipt_type=e["receipt_type"],
        app_item_id=e["app_item_id"],
        bundle_id=e["bundle_id"],
        application_version=e["application_version"],
        download_id=e["download_id"],
        version_external_identifier=e["version_external_identifier"],
        created=t(e["receipt_creation_date"]),
        requested=requested,
        original_purchase=t(e["original_purchase_date"]),
        original_application_version=e["original_application_version"],
        in_app=in_app,
        expiration=t(e["expiration_date"]) if e.get("expiration_date") else None,
    )


def assert_dates(e: dict) -> None:
    """The hand-written _ms values of expectations.json agree with their RFC 3339 texts."""
    for key, value in e.items():
        if key.endswith("_ms") and value is not None and e.get(key[:-3]):
            assert ms(t(e[key[:-3]])) == value, (e.get("file", e.get("transaction_id")), key)


def part2() -> None:
    # one-inapp: Production, one auto-renewable subscription
    e = expectation("one-inapp")
    assert_dates(e)
    (p,) = e["in_app"]
    assert_dates(p)
    assert p["cancellation_date"] is None and p["quantity"] == 1
    created = t(e["receipt_creation_date"])
    apple_only = {"group": "20000001", "ownership": "PURCHASED"}  # what only Apple knows
    first = transaction(
        p["product_id"], p["transaction_id"], p["original_transaction_id"],
        t(p["purchase_date"]), t(p["original_purchase_date"]), t(p["expires_date"]),
        web_order_line_item_id=p["web_order_line_item_id"], trial=p["is_trial_period"],
        intro=p["is_in_intro_offer_period"], promo=p["promotional_offer_id"], **apple_only,
    )
    # the renewal that happened after the receipt was made: bought at the first expiry, one month long
    renewal = transaction(
        p["product_id"], "2000000567891234", p["original_transaction_id"],
        t(p["expires_date"]), t(p["original_purchase_date"]), t("2024-04-25 10:00:00"),
        web_order_line_item_id=230000000123457, trial=False, intro=False, **apple_only,
    )
    one = {
        "status": 0,
        "environment": "Production",
        "receipt": receipt_from_expectation(e, created + dt.timedelta(minutes=10, milliseconds=437), [first]),
        "latest_receipt": latest_receipt("one-inapp"),
        "latest_receipt_info": [copy.deepcopy(first), renewal],
        "pending_renewal_info": [
            pending(p["product_id"], p["original_transaction_id"], auto_renew_status="1"),
        ],
    }
    write(HERE / "one-inapp.json", one)

    edited = copy.deepcopy(one)
    edited["receipt"]["bundle_id"] = "com.example.edited"
    write(HERE / "one-inapp-edited-bundle.json", edited)

    # zero-inapp: a ProductionSandbox receipt without purchases. Apple answers such a receipt from the sandbox
    # endpoint ("environment": "Sandbox"), and without latest_receipt/latest_receipt_info/pending_renewal_info,
    # which it sends only for receipts with auto-renewable subscriptions (6.4).
    e = expectation("zero-inapp")
    assert_dates(e)
    assert e["in_app"] == []
    zero = {
        "status": 0,
        "environment": "Sandbox",
        "receipt": receipt_from_expectation(
            e, t(e["receipt_creation_date"]) + dt.timedelta(minutes=10, milliseconds=218), []),
    }
    write(HERE / "zero-inapp.json", zero)

    # many-inapp-200: 200 consumables, the pattern stated in expectations.json; the entries it lists are checked
    e = expectation("many-inapp-200")
    assert_dates(e)
    base = t("2024-01-01 00:00:00")
    entries = []
    for i in range(1, 201):
        tid = str(1000000000000000 + i)
        when = base + dt.timedelta(hours=i)
        entries.append(transaction("com.example.appreceipt.coins.100", tid, tid, when, when))
    for listed in e["in_app"]:
        assert_dates(listed)
        mine = next(x for x in entries if x["transaction_id"] == listed["transaction_id"])
        for key in ("purchase_date_ms", "original_purchase_date_ms"):
            if key in listed:
                assert int(mine[key]) == listed[key], (listed["transaction_id"], key)
        for key in ("product_id", "original_transaction_id"):
            if key in listed:
                assert mine[key] == listed[key], (listed["transaction_id"], key)
    many = {
        "status": 0,
        "environment": "Sandbox",
        "receipt": receipt_from_expectation(
            e, t(e["receipt_creation_date"]) + dt.timedelta(minutes=10, milliseconds=905), entries),
    }
    write(HERE / "many-inapp-200.json", many)


# ------------------------------------------------------------------------------------------- part 3
SUBS_APP = dict(
    receipt_type="Production",
    app_item_id=1234567899,
    bundle_id="com.example.appreceipt.subs",
    application_version="3.1",
    download_id=70000000000001,
    version_external_identifier=863855400,
    original_purchase=t("2024-01-02 17:45:00"),
    original_application_version="2.0",
)
MONTHLY = "com.example.subs.monthly"
GROUP = "20000001"
MINE = {"group": GROUP, "ownership": "PURCHASED"}

expected: list[dict] = []


def sub(comment: str, receipt: dict, latest=None, pending_info=None, *, environment="Production",
        status=0) -> dict:
    response = {"_comment": comment, "status": status, "environment": environment, "receipt": receipt}
    if latest is not None:
        response["latest_receipt_info"] = latest
    if pending_info is not None:
        response["pending_renewal_info"] = pending_info
    return response


def expect(file: str, at: str, subscriptions: list[dict], periods: dict | None = None) -> None:
    entry = {"file": file, "at": at}
    if periods:
        entry["periods"] = periods
    entry["subscriptions"] = subscriptions
    expected.append(entry)


def group(otid, product, state, latest_expires, *, auto_renew=None, auto_renew_product_id=None,
          expiration_intent=None, overlap=None):
    g = {
        "original_transaction_id": otid,
        "product_id": product,
        "state": state,
        "auto_renew": auto_renew,
        "auto_renew_product_id": auto_renew_product_id,
        "expiration_intent": expiration_intent,
        "latest_expires_date_ms": ms(t(latest_expires)),
    }
    if overlap is not None:
        g["overlap"] = overlap
    return g


def case_active_auto_renew() -> None:
    otid = "2000000610000001"
    first = t("2024-04-10 15:30:00")
    t1 = transaction(MONTHLY, otid, otid, first, first, t("2024-05-10 15:30:00"),
                     web_order_line_item_id=230000000610001, trial=True, **MINE)
    t2 = transaction(MONTHLY, "2000000610523417", otid, t("2024-05-10 15:30:00"), first,
                     t("2024-06-10 15:30:00"), web_order_line_item_id=230000000610002, **MINE)
    t3 = transaction(MONTHLY, "2000000611048832", otid, t("2024-06-10 15:30:00"), first,
                     t("2024-07-10 15:30:00"), web_order_line_item_id=230000000610003, **MINE)
    receipt = receipt_object(**SUBS_APP, created=t("2024-05-10 15:31:04"),
                             requested=t("2024-06-20 11:58:41.264"), in_app=[t1, t2])
    write(SUBS / "active-auto-renew.json", sub(
        "Monthly subscription in its third period (first was a free trial), auto-renew on. The receipt "
        "predates the third renewal, which only latest_receipt_info has.",
        receipt, [t1, t2, t3], [pending(MONTHLY, otid, auto_renew_status="1")]))
    expect("active-auto-renew.json", "2024-06-20T12:00:00Z", [
        group(otid, MONTHLY, "active", "2024-07-10 15:30:00", auto_renew=True, auto_renew_product_id=MONTHLY),
    ])


def case_grace_period() -> None:
    otid = "2000000620000001"
    first = t("2024-07-01 09:00:00")
    t1 = transaction(MONTHLY, otid, otid, first, first, t("2024-08-01 09:00:00"),
                     web_order_line_item_id=230000000620001, **MINE)
    t2 = transaction(MONTHLY, "2000000620761209", otid, t("2024-08-01 09:00:00"), first,
                     t("2024-09-01 09:00:00"), web_order_line_item_id=230000000620002, **MINE)
    receipt = receipt_object(**SUBS_APP, created=t("2024-08-01 09:12:45"),
                             requested=t("2024-09-05 11:59:02.871"), in_app=[t1, t2])
    write(SUBS / "grace-period.json", sub(
        "The renewal on 2024-09-01 failed on billing; Billing Grace Period (16 days) runs to 2024-09-17 and "
        "Apple is still retrying. Evaluated on 2024-09-05: expired, but inside the grace period.",
        receipt, [t2, t1], [pending(MONTHLY, otid, auto_renew_status="1", expiration_intent="2",
                                    billing_retry="1", grace=t("2024-09-17 09:00:00"))]))
    expect("grace-period.json", "2024-09-05T12:00:00Z", [
        group(otid, MONTHLY, "in_grace_period", "2024-09-01 09:00:00", auto_renew=True,
              auto_renew_product_id=MONTHLY, expiration_intent="2"),
    ])


def case_billing_retry() -> None:
    otid = "2000000630000001"
    first = t("2024-09-15 18:45:00")
    t1 = transaction(MONTHLY, otid, otid, first, first, t("2024-10-15 18:45:00"),
                     web_order_line_item_id=230000000630001, **MINE)
    t2 = transaction(MONTHLY, "2000000631377530", otid, t("2024-10-15 18:45:00"), first,
                     t("2024-11-15 18:45:00"), web_order_line_item_id=230000000630002, **MINE)
    receipt = receipt_object(**SUBS_APP, created=t("2024-10-15 18:50:27"),
                             requested=t("2024-12-04 23:57:16.052"), in_app=[t1, t2])
    write(SUBS / "billing-retry.json", sub(
        "The renewal on 2024-11-15 failed on billing. The 16-day grace period ended 2024-12-01; Apple is still "
        "retrying (is_in_billing_retry_period 1, expiration_intent 2). Evaluated on 2024-12-05: no access, "
        "in billing retry. Dates straddle the 2024-11-03 end of DST.",
        receipt, [t1, t2], [pending(MONTHLY, otid, auto_renew_status="1", expiration_intent="2",
                                    billing_retry="1", grace=t("2024-12-01 18:45:00"))]))
    expect("billing-retry.json", "2024-12-05T00:00:00Z", [
        group(otid, MONTHLY, "in_billing_retry", "2024-11-15 18:45:00", auto_renew=True,
              auto_renew_product_id=MONTHLY, expiration_intent="2"),
    ])


def case_refund() -> None:
    otid = "2000000640000001"
    first = t("2024-02-05 14:20:00")
    t1 = transaction(MONTHLY, otid, otid, first, first, t("2024-03-05 14:20:00"),
                     web_order_line_item_id=230000000640001, **MINE)
    t2 = transaction(MONTHLY, "2000000640912266", otid, t("2024-03-05 14:20:00"), first,
                     t("2024-04-05 14:20:00"), web_order_line_item_id=230000000640002,
                     cancellation=t("2024-03-12 16:02:11"), cancellation_reason="1", **MINE)
    receipt = receipt_object(**SUBS_APP, created=t("2024-03-05 14:24:51"),
                             requested=t("2024-03-19 23:55:30.619"), in_app=[t1])
    write(SUBS / "refund.json", sub(
        "The second period (2024-03-05 to 2024-04-05) was refunded by Apple customer support on 2024-03-12, "
        "cancellation_reason 1 (an issue in the app). Evaluated on 2024-03-20, before the nominal expiry: revoked.",
        receipt, [t2, t1], [pending(MONTHLY, otid, auto_renew_status="0")]))
    expect("refund.json", "2024-03-20T00:00:00Z", [
        group(otid, MONTHLY, "revoked", "2024-04-05 14:20:00", auto_renew=False, auto_renew_product_id=MONTHLY),
    ])


def case_upgrade() -> None:
    otid = "2000000650000001"
    basic, premium = "com.example.subs.basic.monthly", "com.example.subs.premium.monthly"
    first = t("2024-05-01 12:00:00")
    t1 = transaction(basic, otid, otid, first, first, t("2024-06-01 12:00:00"),
                     web_order_line_item_id=230000000650001, **MINE)
    t2 = transaction(basic, "2000000650644102", otid, t("2024-06-01 12:00:00"), first,
                     t("2024-07-01 12:00:00"), web_order_line_item_id=230000000650002,
                     cancellation=t("2024-06-14 09:30:00"), upgraded=True, **MINE)
    t3 = transaction(premium, "2000000650913378", otid, t("2024-06-14 09:30:00"), first,
                     t("2024-07-14 09:30:00"), web_order_line_item_id=230000000650003, **MINE)
    receipt = receipt_object(**SUBS_APP, created=t("2024-06-14 09:30:12"),
                             requested=t("2024-06-19 23:58:07.330"), in_app=[t1, t2, t3])
    write(SUBS / "upgrade.json", sub(
        "Upgrade within one subscription group on 2024-06-14 09:30: the basic transaction then in force is "
        "cancelled at that instant with is_upgraded true, and premium starts at once under the same "
        "original_transaction_id. Two groups: basic upgraded, premium active.",
        receipt, [t3, t2, t1], [pending(premium, otid, auto_renew_status="1")]))
    expect("upgrade.json", "2024-06-20T00:00:00Z", [
        group(otid, basic, "upgraded", "2024-07-01 12:00:00", auto_renew=True, auto_renew_product_id=premium),
        group(otid, premium, "active", "2024-07-14 09:30:00", auto_renew=True, auto_renew_product_id=premium),
    ])


def case_auto_renew_off() -> None:
    a, b = "2000000660000001", "2000000660004242"
    magazine = "com.example.magazine.monthly"
    a_first, b_first = t("2024-08-20 07:15:00"), t("2024-07-01 20:00:00")
    a1 = transaction(MONTHLY, a, a, a_first, a_first, t("2024-09-20 07:15:00"),
                     web_order_line_item_id=230000000660001, **MINE)
    a2 = transaction(MONTHLY, "2000000661180415", a, t("2024-09-20 07:15:00"), a_first,
                     t("2024-10-20 07:15:00"), web_order_line_item_id=230000000660002, **MINE)
    mag = {"group": "20000002", "ownership": "PURCHASED"}
    b1 = transaction(magazine, b, b, b_first, b_first, t("2024-08-01 20:00:00"),
                     web_order_line_item_id=230000000664201, **mag)
    b2 = transaction(magazine, "2000000660357719", b, t("2024-08-01 20:00:00"), b_first,
                     t("2024-09-01 20:00:00"), web_order_line_item_id=230000000664202, **mag)
    receipt = receipt_object(**SUBS_APP, created=t("2024-09-20 07:20:33"),
                             requested=t("2024-09-30 23:59:48.117"), in_app=[b1, b2, a1, a2])
    write(SUBS / "auto-renew-off.json", sub(
        "Two subscription groups. Monthly: still active, the customer turned auto-renew off (status 0) and "
        "no expiration_intent yet. Magazine: expired 2024-09-01 after the customer cancelled "
        "(expiration_intent 1, no billing retry).",
        receipt, [a2, b2, a1, b1], [
            pending(MONTHLY, a, auto_renew_status="0"),
            pending(magazine, b, auto_renew_status="0", expiration_intent="1", billing_retry="0"),
        ]))
    expect("auto-renew-off.json", "2024-10-01T00:00:00Z", [
        group(b, magazine, "expired", "2024-09-01 20:00:00", auto_renew=False, auto_renew_product_id=magazine,
              expiration_intent="1"),
        group(a, MONTHLY, "active", "2024-10-20 07:15:00", auto_renew=False, auto_renew_product_id=MONTHLY),
    ])


def case_non_renewing() -> None:
    season = "com.example.season"
    p1, p2 = t("2024-04-01 10:00:00"), t("2024-04-25 10:00:00")
    e1 = transaction(season, "2000000670000001", "2000000670000001", p1, p1, ownership="PURCHASED")
    e2 = transaction(season, "2000000670000002", "2000000670000002", p2, p2, ownership="PURCHASED")
    receipt = receipt_object(**SUBS_APP, created=t("2024-04-25 10:00:09"),
                             requested=t("2024-05-09 23:56:20.508"), in_app=[e1, e2])
    write(SUBS / "non-renewing.json", sub(
        "Two purchases of the non-renewing subscription com.example.season (period P1M, known only to the app: "
        "the response has no expires_date). Windows 2024-04-01..05-01 and 2024-04-25..05-25 overlap. "
        "No auto-renewable, so no latest_receipt_info and no pending_renewal_info.",
        receipt))
    expect("non-renewing.json", "2024-05-10T00:00:00Z", [
        group("2000000670000002", season, "active", "2024-05-25 10:00:00", overlap=True),
    ], periods={season: "P1M"})


def case_sandbox_compressed() -> None:
    otid = "1000000912340001"
    start = t("2024-03-10 09:40:00")  # renewals cross the DST start (2024-03-10 10:00Z = 03:00 PDT)
    ids = [otid, "1000000912340517", "1000000912341043", "1000000912341588", "1000000912342106",
           "1000000912342671", "1000000912343219"]
    txns = []
    for n, tid in enumerate(ids):
        begin = start + dt.timedelta(minutes=5 * n)
        txns.append(transaction(MONTHLY, tid, otid, begin, start, begin + dt.timedelta(minutes=5),
                                web_order_line_item_id=1000000082340001 + n, **MINE))
    receipt = receipt_object(
        receipt_type="ProductionSandbox", app_item_id=0, bundle_id="com.example.appreceipt.subs",
        application_version="3.1", download_id=0, version_external_identifier=0,
        created=t("2024-03-10 09:40:03"), requested=t("2024-03-10 10:29:12.731"),
        original_purchase=t("2013-08-01 07:00:00"), original_application_version="1.0", in_app=txns[:1])
    write(SUBS / "sandbox-compressed.json", sub(
        "Sandbox time compression: a one-month product lasts 5 minutes and renews at most 6 times. Bought "
        "2024-03-10 09:40Z, renewed 6 times (each purchase at the previous expiry), last expiry 10:15Z, then "
        "expired with expiration_intent 1. latest_receipt_info is newest first; the receipt holds only the first.",
        receipt, list(reversed(txns)),
        [pending(MONTHLY, otid, auto_renew_status="0", expiration_intent="1", billing_retry="0")],
        environment="Sandbox"))
    expect("sandbox-compressed.json", "2024-03-10T10:30:00Z", [
        group(otid, MONTHLY, "expired", "2024-03-10 10:15:00", auto_renew=False, auto_renew_product_id=MONTHLY,
              expiration_intent="1"),
    ])


def ios6_transaction(tid, otid, purchase, original_purchase, expires, web_order_line_item_id):
    """An iOS 6-style receipt/latest_*_receipt_info object: underscore keys, expires_date in ms (6.9, 3.3)."""
    entry = {
        "original_purchase_date_pst": pst(original_purchase),
        "quantity": "1",
        "unique_vendor_identifier": "6E0C5D7A-2B1F-4C8E-9A3D-5F7B1E2C4D6A",
        "bvrs": "3.1",
        "expires_date_formatted": gmt(expires),
        "is_in_intro_offer_period": "false",
        "purchase_date_ms": str(ms(purchase)),
        "expires_date_formatted_pst": pst(expires),
        "is_trial_period": "false",
        "item_id": "6478301234",
        "unique_identifier": "5f2d8c1e9a7b3c4d6e8f0a1b2c3d4e5f6a7b8c9d",
        "original_transaction_id": otid,
        "expires_date": str(ms(expires)),
        "app_item_id": "1234567899",
        "transaction_id": tid,
        "web_order_line_item_id": str(web_order_line_item_id),
        "version_external_identifier": "863855400",
        "bid": "com.example.appreceipt.subs",
        "product_id": MONTHLY,
        "purchase_date": gmt(purchase),
        "original_purchase_date": gmt(original_purchase),
        "purchase_date_pst": pst(purchase),
        "original_purchase_date_ms": str(ms(original_purchase)),
    }
    return entry


def case_ios6() -> None:
    otid = "1000000098765001"
    first = t("2024-01-10 16:00:00")
    receipt = ios6_transaction(otid, otid, first, first, t("2024-02-10 16:00:00"), 1000000043210001)
    last = ios6_transaction("1000000102938475", otid, t("2024-02-10 16:00:00"), first,
                            t("2024-03-10 16:00:00"), 1000000043210002)
    response = {
        "_comment": "iOS 6-style transaction receipt for an auto-renewable that has expired: status 21006, "
                    "receipt and latest_expired_receipt_info are single objects with underscore keys, "
                    "expires_date in milliseconds and expires_date_formatted. No pending renewal data.",
        "status": 21006,
        "receipt": receipt,
        "latest_expired_receipt_info": last,
    }
    write(SUBS / "ios6-21006.json", response)
    expect("ios6-21006.json", "2024-03-15T00:00:00Z", [
        group(otid, MONTHLY, "expired", "2024-03-10 16:00:00"),
    ])


def case_drift() -> None:
    otid = "2000000690000001"
    first = t("2024-10-28 13:00:00")
    t1 = transaction(MONTHLY, otid, otid, first, first, t("2024-11-28 13:00:00"),
                     web_order_line_item_id=230000000690001, **MINE)
    t2 = transaction(MONTHLY, "2000000691634058", otid, t("2024-11-28 13:00:00"), first,
                     t("2024-12-28 13:00:00"), web_order_line_item_id=230000000690002, **MINE)
    for entry in (t1, t2):  # numbers and booleans where Apple sends strings
        entry["quantity"] = 1
        for key in ("purchase_date_ms", "original_purchase_date_ms", "expires_date_ms", "web_order_line_item_id"):
            entry[key] = int(entry[key])
        entry["is_trial_period"] = False
        entry["is_in_intro_offer_period"] = False
    t2["transaction_id"] = int(t2["transaction_id"])  # below 2^53, exact as a JSON number
    receipt = receipt_object(**SUBS_APP, created=t("2024-10-28 13:03:10"),
                             requested=t("2024-11-30 23:59:01.404"), in_app=[t1])
    response = {
        "_comment": "Type drift: quantity, *_ms, web_order_line_item_id and one transaction_id as JSON numbers, "
                    "flags as JSON booleans, auto_renew_status as the number 1, latest_receipt_info as a single "
                    "object instead of an array, is-retryable false, and an unknown top-level key x_custom.",
        "status": 0,
        "environment": "Production",
        "is-retryable": False,
        "receipt": receipt,
        "latest_receipt_info": t2,
        "pending_renewal_info": [{
            "auto_renew_product_id": MONTHLY,
            "product_id": MONTHLY,
            "original_transaction_id": otid,
            "auto_renew_status": 1,
        }],
        "x_custom": {"a": 1},
    }
    write(SUBS / "drift.json", response)
    expect("drift.json", "2024-12-01T00:00:00Z", [
        group(otid, MONTHLY, "active", "2024-12-28 13:00:00", auto_renew=True, auto_renew_product_id=MONTHLY),
    ])


def part3() -> None:
    expected.clear()
    case_active_auto_renew()
    case_grace_period()
    case_billing_retry()
    case_refund()
    case_upgrade()
    case_auto_renew_off()
    case_non_renewing()
    case_sandbox_compressed()
    case_ios6()
    case_drift()
    write(SUBS / "expected.json", expected)


if __name__ == "__main__":
    part2()
    part3()
