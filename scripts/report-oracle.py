#!/usr/bin/env python3
"""An independent count of what `appreceipt report` should say, for the tests: the event definitions of
docs/reports.md, implemented again from the JSON alone, with Python's own dates and the tz database.

    scripts/report-oracle.py [--tz UTC|America/Los_Angeles|+HH:MM] [--include-unverified] FILE...

Prints one JSON object: {"rows": {"DATE|ENVIRONMENT|PRODUCT": {kind: count}}, "unique": N, "copies": N,
"audit_days": {"DATE": {"records": N, "verdicts": {...}, "signals": {...}}}} (an absent environment or product
is "-", records without a creation date are under "no date"). It shares no code with the tool."""
import argparse
import collections
import datetime
import json
import re
import sys
from zoneinfo import ZoneInfo

KINDS = ["first_purchases", "renewals", "restores", "trials", "intro_offers", "refunds", "upgrades"]


def zone_of(text):
    if text.upper() == "UTC":
        return datetime.timezone.utc
    if text == "America/Los_Angeles":
        return ZoneInfo(text)
    match = re.fullmatch(r"([+-])(\d\d):?(\d\d)?", text)
    minutes = int(match.group(2)) * 60 + int(match.group(3) or 0)
    return datetime.timezone(datetime.timedelta(minutes=-minutes if match.group(1) == "-" else minutes))


def instant(text):
    """A datetime in UTC from milliseconds, `YYYY-MM-DD HH:MM:SS Etc/GMT` or RFC 3339."""
    text = str(text)
    if re.fullmatch(r"-?\d+", text):
        return datetime.datetime(1970, 1, 1, tzinfo=datetime.timezone.utc) + datetime.timedelta(milliseconds=int(text))
    for suffix in (" Etc/GMT", " GMT", " UTC"):
        if text.endswith(suffix):
            return datetime.datetime.strptime(text[: -len(suffix)], "%Y-%m-%d %H:%M:%S").replace(tzinfo=datetime.timezone.utc)
    return datetime.datetime.fromisoformat(text.replace("Z", "+00:00")).astimezone(datetime.timezone.utc)


def response_date(entry, name):
    for key in (name + "_ms", name, name + "_formatted"):
        if entry.get(key) not in (None, ""):
            return instant(entry[key])
    return None


def flag(value):
    return str(value).lower() in ("true", "1")


def documents(path):
    """Every JSON document of a file: one per line, or the whole file when its first line is not complete JSON."""
    text = open(path, encoding="utf-8").read()
    lines = [line for line in text.split("\n") if line.strip()]
    try:
        json.loads(lines[0])
    except ValueError:
        return [json.loads(text)]
    return [json.loads(line) for line in lines]


def transactions_of_response(response):
    receipt = response.get("receipt") or {}
    entries = list(receipt.get("in_app") or ([receipt] if "bid" in receipt else []))
    for key in ("latest_receipt_info", "latest_expired_receipt_info"):
        value = response.get(key) or []
        entries += value if isinstance(value, list) else [value]
    environment = response.get("environment") or {"Production": "Production", "ProductionSandbox": "Sandbox",
                                                  "Sandbox": "Sandbox"}.get(receipt.get("receipt_type"), "")
    for raw in entries:
        entry = {key.replace("-", "_"): value for key, value in raw.items()}
        yield environment, {
            "id": str(entry.get("transaction_id", "")),
            "original": str(entry.get("original_transaction_id", entry.get("transaction_id", ""))),
            "product": entry.get("product_id"),
            "purchase": response_date(entry, "purchase_date"),
            "expires": response_date(entry, "expires_date"),
            "cancel": response_date(entry, "cancellation_date"),
            "trial": flag(entry.get("is_trial_period")),
            "intro": flag(entry.get("is_in_intro_offer_period")),
            "upgraded": flag(entry.get("is_upgraded")),
            "family": entry.get("in_app_ownership_type") == "FAMILY_SHARED",
        }


def transactions_of_record(record):
    for item in record.get("transactions", []):
        yield record.get("environment") or "", {
            "id": item.get("transaction_id") or "",
            "original": item.get("original_transaction_id"),
            "product": item.get("product_id"),
            "purchase": instant(item["purchase_date"]) if item.get("purchase_date") else None,
            "expires": instant(item["expires_date"]) if item.get("expires_date") else None,
            "cancel": instant(item["cancellation_date"]) if item.get("cancellation_date") else None,
            "trial": item.get("is_trial_period") is True,
            "intro": item.get("is_in_intro_offer_period") is True,
            "upgraded": item.get("is_upgraded") is True,
            "family": item.get("in_app_ownership_type") == "FAMILY_SHARED",
        }


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--tz", default="UTC")
    parser.add_argument("--include-unverified", action="store_true")
    parser.add_argument("files", nargs="+")
    arguments = parser.parse_args()
    zone = zone_of(arguments.tz)
    day = lambda moment: moment.astimezone(zone).date().isoformat()
    unique, copies = {}, 0
    audit_days = collections.defaultdict(lambda: {"records": 0, "verdicts": collections.Counter(), "signals": collections.Counter()})
    for path in arguments.files:
        for document in documents(path):
            if "verdict" in document:
                created = document.get("receipt_creation_date")
                entry = audit_days[day(instant(created)) if created else "no date"]
                entry["records"] += 1
                entry["verdicts"][document["verdict"]] += 1
                entry["signals"].update({signal["id"] for signal in document.get("signals", [])})
                counted = document["verdict"] == "valid" or (arguments.include_unverified and document["verdict"] != "malformed")
                found = transactions_of_record(document) if counted else []
            else:
                counted = document["status"] in (0, 21006) or arguments.include_unverified
                found = transactions_of_response(document) if counted else []
            for environment, transaction in found:
                copies += 1
                if not transaction["id"]:
                    continue
                key = (environment, transaction["id"])
                if key not in unique:
                    unique[key] = transaction
                    continue
                known = unique[key]
                for name in ("purchase", "cancel", "expires"):
                    if transaction[name] is not None and (known[name] is None or transaction[name] < known[name]):
                        known[name] = transaction[name]
                for name in ("trial", "intro", "upgraded", "family"):
                    known[name] = known[name] or transaction[name]
    rows = collections.defaultdict(lambda: dict.fromkeys(KINDS, 0))
    for (environment, transaction_id), transaction in unique.items():
        if transaction["family"]:
            continue
        row = lambda moment: rows["|".join([day(moment), environment or "-", transaction["product"] or "-"])]
        purchase = transaction["purchase"]
        if purchase is not None:
            original = transaction["original"]
            if not original or original == transaction_id:
                row(purchase)["first_purchases"] += 1
            elif transaction["expires"] is not None:
                row(purchase)["renewals"] += 1
            else:
                row(purchase)["restores"] += 1
            if transaction["trial"]:
                row(purchase)["trials"] += 1
            if transaction["intro"]:
                row(purchase)["intro_offers"] += 1
        if transaction["cancel"] is not None and not transaction["upgraded"]:
            row(transaction["cancel"])["refunds"] += 1
        if transaction["upgraded"] and (transaction["cancel"] or purchase) is not None:
            row(transaction["cancel"] or purchase)["upgrades"] += 1
    print(json.dumps({"rows": rows, "unique": len(unique), "copies": copies, "audit_days": audit_days}, sort_keys=True))


if __name__ == "__main__":
    main()
