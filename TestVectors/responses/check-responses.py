#!/usr/bin/env python3
"""Read-only checks of every JSON file in TestVectors/responses/ (Python 3.11 standard library only).

    python3 TestVectors/responses/check-responses.py

- every *.json parses;
- every date triplet is consistent: `X_ms` (string or number) is the instant of `X` ("YYYY-MM-DD HH:MM:SS
  Etc/GMT", truncated to the second), `X_pst` is the same instant in America/Los_Angeles. The US DST rule
  (second Sunday of March 02:00 to first Sunday of November 02:00, since 2007) is computed here by hand and
  cross-checked against zoneinfo when the tz database is present. iOS 6 `expires_date` (ms) is checked against
  `expires_date_formatted` and `_formatted_pst`;
- one-inapp / zero-inapp / many-inapp-200 agree with TestVectors/expectations.json and the receipts' .b64;
- subscriptions/expected.json agrees with the states re-derived here from the response files by the rules in
  TestVectors/responses/README.md.

Prints one line per failure and ends with `N passed, N failed`; exit status 1 on any failure.
"""
from __future__ import annotations

import calendar
import datetime as dt
import json
import pathlib
import re
import sys

HERE = pathlib.Path(__file__).resolve().parent
VECTORS = HERE.parent

passed = 0
failed = 0


def check(ok: bool, what: str) -> bool:
    global passed, failed
    if ok:
        passed += 1
    else:
        failed += 1
        print(f"FAIL {what}")
    return ok


# ----------------------------------------------------------------------------------- dates, by hand
GMT_RE = re.compile(r"^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2}) Etc/GMT$")
LA_RE = re.compile(r"^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2}) America/Los_Angeles$")


def nth_sunday(year: int, month: int, n: int) -> int:
    """Day of month of the n-th Sunday."""
    first_weekday = calendar.weekday(year, month, 1)  # Monday = 0
    first_sunday = 1 + (6 - first_weekday) % 7
    return first_sunday + 7 * (n - 1)


def la_offset_seconds(epoch_s: int) -> int:
    """UTC offset of America/Los_Angeles at an instant, from the US rule in force since 2007."""
    year = dt.datetime.fromtimestamp(epoch_s, dt.timezone.utc).year
    assert year >= 2007, "rule only valid from 2007"
    # DST starts 02:00 PST (10:00 UTC) on the second Sunday of March, ends 02:00 PDT (09:00 UTC) on the
    # first Sunday of November
    start = calendar.timegm((year, 3, nth_sunday(year, 3, 2), 10, 0, 0))
    end = calendar.timegm((year, 11, nth_sunday(year, 11, 1), 9, 0, 0))
    return -7 * 3600 if start <= epoch_s < end else -8 * 3600


def parse_gmt(text: str) -> int | None:
    m = GMT_RE.match(text)
    if not m:
        return None
    return calendar.timegm(tuple(int(g) for g in m.groups()))


def la_text(epoch_s: int) -> str:
    local = dt.datetime.fromtimestamp(epoch_s + la_offset_seconds(epoch_s), dt.timezone.utc)
    return local.strftime("%Y-%m-%d %H:%M:%S") + " America/Los_Angeles"


try:
    from zoneinfo import ZoneInfo
    _LA = ZoneInfo("America/Los_Angeles")
except Exception:  # no tz database: the hand rule alone decides
    _LA = None


def as_int(value) -> int | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, str) and re.fullmatch(r"-?\d+", value):
        return int(value)
    return None


triplets_seen = 0


def check_dates(node, where: str, responses: bool = True) -> None:
    """Every X/X_ms/X_pst family in every object of the document (`responses` False: expected.json, whose
    latest_expires_date_ms stands alone)."""
    global triplets_seen
    if isinstance(node, list):
        for i, item in enumerate(node):
            check_dates(item, f"{where}[{i}]", responses)
        return
    if not isinstance(node, dict):
        return
    for key, value in node.items():
        check_dates(value, f"{where}.{key}", responses)
    for key, value in node.items():
        if not isinstance(value, str) or not value.endswith(" Etc/GMT"):
            continue
        here = f"{where}.{key}"
        seconds = parse_gmt(value)
        if not check(seconds is not None, f"{here}: {value!r} is not 'YYYY-MM-DD HH:MM:SS Etc/GMT'"):
            continue
        triplets_seen += 1
        if key.endswith("_formatted"):  # iOS 6: expires_date (ms) + expires_date_formatted (+ _pst)
            ms_key, pst_key = key[: -len("_formatted")], key + "_pst"
        else:
            ms_key, pst_key = key + "_ms", key + "_pst"
        milliseconds = as_int(node.get(ms_key))
        if check(milliseconds is not None, f"{here}: {ms_key} missing or not an integer"):
            check(milliseconds // 1000 == seconds, f"{here}: {ms_key}={milliseconds} is not {value}")
            if key != "request_date":
                check(milliseconds % 1000 == 0, f"{here}: {ms_key} of a receipt-derived date has milliseconds")
            else:
                check(milliseconds % 1000 != 0, f"{here}: request_date_ms has no milliseconds")
        pst_value = node.get(pst_key)
        if check(isinstance(pst_value, str) and LA_RE.match(pst_value) is not None,
                 f"{here}: {pst_key} missing or malformed ({pst_value!r})"):
            check(pst_value == la_text(seconds), f"{here}: {pst_key}={pst_value!r}, DST rule says {la_text(seconds)!r}")
            if _LA is not None:
                zi = dt.datetime.fromtimestamp(seconds, dt.timezone.utc).astimezone(_LA)
                check(pst_value == zi.strftime("%Y-%m-%d %H:%M:%S") + " America/Los_Angeles",
                      f"{here}: {pst_key} disagrees with zoneinfo")
    for key in node if responses else ():  # no orphan _ms / _pst
        for suffix in ("_ms", "_pst"):
            if key.endswith(suffix) and key != "expires_date_formatted_pst":
                base = key[: -len(suffix)]
                check(base in node, f"{where}.{key}: no {base} beside it")


# ------------------------------------------------------------------------------------------ part 2
def expectation(name: str) -> dict:
    for entry in json.loads((VECTORS / "expectations.json").read_text(encoding="utf-8")):
        if entry["file"] == f"receipts/{name}.der":
            return entry
    raise KeyError(name)


def rfc_ms(text: str) -> int:
    return int(dt.datetime.strptime(text, "%Y-%m-%dT%H:%M:%SZ").replace(tzinfo=dt.timezone.utc).timestamp()) * 1000


STRING_ENTRY_KEYS = ("quantity", "product_id", "transaction_id", "original_transaction_id", "is_trial_period")


def check_receipt(name: str, doc: dict) -> None:
    e = expectation(name)
    r = doc["receipt"]
    check(doc["status"] == 0, f"{name}: status")
    for key in ("receipt_type", "app_item_id", "bundle_id", "application_version", "download_id",
                "version_external_identifier", "original_application_version"):
        check(r.get(key) == e[key], f"{name}: receipt.{key}={r.get(key)!r}, expectations say {e[key]!r}")
    check(r.get("adam_id") == e["app_item_id"], f"{name}: adam_id")
    for key in ("adam_id", "app_item_id", "download_id", "version_external_identifier"):
        check(type(r.get(key)) is int, f"{name}: receipt.{key} must be a JSON number")
    for key in ("receipt_creation_date", "original_purchase_date"):
        check(int(r[key + "_ms"]) == e[key + "_ms"], f"{name}: {key}_ms")
    check(("expiration_date" in r) == (e["expiration_date"] is not None), f"{name}: expiration_date presence")
    delta = int(r["request_date_ms"]) - int(r["receipt_creation_date_ms"])
    check(600_000 < delta < 601_000, f"{name}: request_date is not 10 minutes after creation ({delta} ms)")
    check(len(r["in_app"]) == e["in_app_count"], f"{name}: in_app count")
    for entry in r["in_app"]:
        for key in STRING_ENTRY_KEYS:
            check(isinstance(entry.get(key), str), f"{name}: in_app.{key} must be a string")


def part2() -> None:
    docs = {}
    for name in ("one-inapp", "zero-inapp", "many-inapp-200", "one-inapp-edited-bundle"):
        docs[name] = json.loads((HERE / f"{name}.json").read_text(encoding="utf-8"))
    for name in ("one-inapp", "zero-inapp", "many-inapp-200"):
        check_receipt(name, docs[name])

    one = docs["one-inapp"]
    (entry,) = one["receipt"]["in_app"]
    (p,) = expectation("one-inapp")["in_app"]
    for key in ("product_id", "transaction_id", "original_transaction_id", "promotional_offer_id"):
        check(entry.get(key) == p[key], f"one-inapp: in_app.{key}")
    for key in ("purchase_date", "original_purchase_date", "expires_date"):
        check(int(entry[key + "_ms"]) == p[key + "_ms"], f"one-inapp: in_app.{key}_ms")
    check(entry["web_order_line_item_id"] == str(p["web_order_line_item_id"]), "one-inapp: web_order_line_item_id")
    check(entry["is_trial_period"] == "true" and entry["is_in_intro_offer_period"] == "false", "one-inapp: flags")
    check("cancellation_date" not in entry, "one-inapp: no cancellation")
    check(entry.get("subscription_group_identifier") == "20000001", "one-inapp: subscription_group_identifier")
    check(entry.get("in_app_ownership_type") == "PURCHASED", "one-inapp: in_app_ownership_type")
    b64 = (VECTORS / "receipts" / "one-inapp.b64").read_text(encoding="ascii").strip()
    check(one.get("latest_receipt") == b64, "one-inapp: latest_receipt is receipts/one-inapp.b64")
    lri = one["latest_receipt_info"]
    check(len(lri) == 2 and lri[0] == entry, "one-inapp: latest_receipt_info = [in_app entry, renewal]")
    renewal = lri[1]
    check(renewal["original_transaction_id"] == entry["original_transaction_id"], "renewal: same original id")
    check(renewal["transaction_id"] != entry["transaction_id"], "renewal: new transaction id")
    check(renewal["purchase_date_ms"] == entry["expires_date_ms"], "renewal: bought at the first expiry")
    check(int(renewal["purchase_date_ms"]) > int(one["receipt"]["receipt_creation_date_ms"]),
          "renewal: after the receipt was created")
    check(renewal["expires_date"].startswith("2024-04-25 10:00:00"), "renewal: one month later")
    check(one["pending_renewal_info"] == [{
        "auto_renew_product_id": p["product_id"], "product_id": p["product_id"],
        "original_transaction_id": p["original_transaction_id"], "auto_renew_status": "1"}],
        "one-inapp: pending_renewal_info")

    edited = docs["one-inapp-edited-bundle"]
    check(edited["receipt"]["bundle_id"] == "com.example.edited", "edited: bundle_id")
    edited_back = json.loads(json.dumps(edited))
    edited_back["receipt"]["bundle_id"] = one["receipt"]["bundle_id"]
    check(edited_back == one, "edited: identical to one-inapp apart from receipt.bundle_id")

    many = docs["many-inapp-200"]["receipt"]["in_app"]
    ids = [x["transaction_id"] for x in many]
    check(len(set(ids)) == 200, "many: 200 distinct transaction ids")
    base = rfc_ms("2024-01-01T00:00:00Z")
    for i, x in enumerate(many, start=1):
        ok = (x["transaction_id"] == x["original_transaction_id"] == str(1000000000000000 + i)
              and int(x["purchase_date_ms"]) == int(x["original_purchase_date_ms"]) == base + i * 3_600_000
              and x["product_id"] == "com.example.appreceipt.coins.100" and x["quantity"] == "1"
              and x["is_trial_period"] == "false" and "expires_date" not in x
              and "web_order_line_item_id" not in x and "is_in_intro_offer_period" not in x)
        if not check(ok, f"many: entry {i} does not follow the pattern"):
            break


# ------------------------------------------------------------------------------ part 3: the rules
def field_ms(rec: dict, name: str) -> int | None:
    """A date of a record: X_ms, iOS 6 X in ms, or X formatted (also X_formatted)."""
    value = as_int(rec.get(name + "_ms"))
    if value is not None:
        return value
    raw = rec.get(name)
    value = as_int(raw)
    if value is not None:
        return value
    for key in (name, name + "_formatted"):
        if isinstance(rec.get(key), str) and parse_gmt(rec[key]) is not None:
            return parse_gmt(rec[key]) * 1000
    return None


def as_list(value) -> list:
    if value is None:
        return []
    return value if isinstance(value, list) else [value]


def text(value):
    if value is None:
        return None
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def add_period(start_ms: int, period: str) -> int:
    m = re.fullmatch(r"P(?:(\d+)Y)?(?:(\d+)M)?(?:(\d+)W)?(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+)S)?)?", period)
    assert m, period
    y, mo, w, d, h, mi, s = (int(g or 0) for g in m.groups())
    start = dt.datetime.fromtimestamp(start_ms / 1000, dt.timezone.utc)
    months = start.month - 1 + mo + 12 * y
    year, month = start.year + months // 12, months % 12 + 1
    day = min(start.day, calendar.monthrange(year, month)[1])
    end = start.replace(year=year, month=month, day=day)
    end += dt.timedelta(weeks=w, days=d, hours=h, minutes=mi, seconds=s)
    return int(end.timestamp() * 1000)


def derive(doc: dict, at_ms: int, periods: dict) -> list[dict]:
    records = as_list(doc.get("latest_receipt_info")) + as_list(doc.get("latest_expired_receipt_info"))
    if not records:
        receipt = doc.get("receipt") or {}
        records = as_list(receipt.get("in_app")) if "in_app" in receipt else [receipt]
    pending = as_list(doc.get("pending_renewal_info"))

    def renewal_of(otid):
        for p in pending:
            if text(p.get("original_transaction_id")) == otid:
                return p
        return None

    out = []
    renewable: dict[tuple, list] = {}
    non_renewing: dict[str, list] = {}
    for rec in records:
        product = text(rec.get("product_id"))
        otid = text(rec.get("original_transaction_id"))
        if field_ms(rec, "expires_date") is not None:
            renewable.setdefault((otid, product), []).append(rec)
        elif product in periods:
            non_renewing.setdefault(product, []).append(rec)

    for (otid, product), recs in renewable.items():
        latest = max(recs, key=lambda r: (field_ms(r, "expires_date"), field_ms(r, "purchase_date") or 0))
        expires = field_ms(latest, "expires_date")
        p = renewal_of(otid)
        if field_ms(latest, "cancellation_date") is not None:
            state = "upgraded" if text(latest.get("is_upgraded")) == "true" else "revoked"
        elif expires > at_ms:
            state = "active"
        elif p is not None and (field_ms(p, "grace_period_expires_date") or 0) > at_ms:
            state = "in_grace_period"
        elif p is not None and text(p.get("is_in_billing_retry_period")) == "1":
            state = "in_billing_retry"
        else:
            state = "expired"
        status = text(p.get("auto_renew_status")) if p else None
        out.append({
            "original_transaction_id": otid, "product_id": product, "state": state,
            "auto_renew": {"1": True, "0": False}.get(status) if p else None,
            "auto_renew_product_id": text(p.get("auto_renew_product_id")) if p else None,
            "expiration_intent": text(p.get("expiration_intent")) if p else None,
            "latest_expires_date_ms": expires,
        })

    for product, recs in non_renewing.items():
        recs = sorted(recs, key=lambda r: field_ms(r, "purchase_date"))
        windows = [(field_ms(r, "purchase_date"), add_period(field_ms(r, "purchase_date"), periods[product]))
                   for r in recs]
        overlap = any(windows[i][0] < windows[i - 1][1] for i in range(1, len(windows)))
        out.append({
            "original_transaction_id": text(recs[-1].get("original_transaction_id")), "product_id": product,
            "state": "active" if any(s <= at_ms < e for s, e in windows) else "expired",
            "auto_renew": None, "auto_renew_product_id": None, "expiration_intent": None,
            "latest_expires_date_ms": windows[-1][1], "overlap": overlap,
        })
    out.sort(key=lambda g: g["latest_expires_date_ms"])
    return out


STATES = {"active", "expired", "in_grace_period", "in_billing_retry", "revoked", "upgraded"}


def part3() -> list[str]:
    summary = []
    cases = json.loads((HERE / "subscriptions" / "expected.json").read_text(encoding="utf-8"))
    files = {p.name for p in (HERE / "subscriptions").glob("*.json")} - {"expected.json"}
    check({c["file"] for c in cases} == files, "expected.json lists exactly the case files")
    for case in cases:
        name = case["file"]
        doc = json.loads((HERE / "subscriptions" / name).read_text(encoding="utf-8"))
        check(isinstance(doc.get("_comment"), str) and doc["_comment"], f"{name}: _comment")
        at = case["at"]
        check(at.startswith("2024-"), f"{name}: at in 2024")
        derived = derive(doc, rfc_ms(at), case.get("periods") or {})
        check(derived == case["subscriptions"],
              f"{name}: expected.json says {json.dumps(case['subscriptions'])}\n     rules give {json.dumps(derived)}")
        for g in case["subscriptions"]:
            check(g["state"] in STATES, f"{name}: state {g['state']}")
            check(isinstance(g["latest_expires_date_ms"], int), f"{name}: latest_expires_date_ms is a number")
            check(re.fullmatch(r"\d{16}", g["original_transaction_id"]) is not None, f"{name}: 16-digit id")
        summary.append(f"{name} @ {at}: " + ", ".join(f"{g['product_id']}={g['state']}" for g in case["subscriptions"]))
    return summary


def main() -> int:
    files = sorted(HERE.rglob("*.json"))
    for path in files:
        rel = path.relative_to(HERE)
        try:
            doc = json.loads(path.read_text(encoding="utf-8"))
        except (ValueError, UnicodeDecodeError) as error:
            check(False, f"{rel}: does not parse: {error}")
            continue
        check(True, f"{rel}: parses")
        check_dates(doc, str(rel), responses=path.name != "expected.json")
    part2()
    summary = part3()
    for line in summary:
        print(line)
    print(f"{len(files)} JSON files, {triplets_seen} date triplets checked")
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
