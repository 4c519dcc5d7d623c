#!/usr/bin/env python3
"""Writes the hostile-input regression vectors in TestVectors/regressions/.

Python 3 standard library only. Run from anywhere:

    python3 TestVectors/regressions/make-regressions.py

Each file is an input that once crashed appreceipt (a Swift arithmetic-overflow trap), was silently rolled over
to another date, or fooled a terminal. None of them is validly signed: anyone can send them, which is the
point. The iOS 6 files start from receipts/ios6-transaction.b64 and replace its purchase-info, keeping the
(now non-matching) signature and the embedded test leaf. The app receipts are payloads edited from
inputs/zero-inapp.cnf and signed with the test PKI exactly as make-vectors.sh signs (needs the openssl CLI).
The output is deterministic (RSA PKCS#1 v1.5 signatures and no signing time).
"""
from __future__ import annotations

import base64
import json
import pathlib
import re
import subprocess
import tempfile

HERE = pathlib.Path(__file__).resolve().parent
VECTORS = HERE.parent

INT64_MIN = -(2**63)
INT64_MAX = 2**63 - 1


def plist(entries: list[tuple[str, str]]) -> bytes:
    """An old-style plist dictionary the way iOS 6 wrote purchase-info: tab-indented, quoted keys and values."""
    lines = ["{"] + [f'\t"{key}" = "{value}";' for key, value in entries] + ["}", ""]
    return "\n".join(lines).encode("utf-8")


def purchase_info(**overrides: str | None) -> list[tuple[str, str]]:
    """The purchase-info of receipts/ios6-transaction.b64 with some entries replaced (None removes one)."""
    base = [
        ("original-purchase-date-pst", "2024-03-01 04:00:00 America/Los_Angeles"),
        ("original-transaction-id", "1000000612345678"),
        ("bvrs", "1.0"),
        ("transaction-id", "1000000612345678"),
        ("quantity", "1"),
        ("original-purchase-date-ms", "1709294400000"),
        ("product-id", "com.example.appreceipt.coins.100"),
        ("purchase-date", "2024-03-01 12:00:00 Etc/GMT"),
        ("original-purchase-date", "2024-03-01 12:00:00 Etc/GMT"),
        ("bid", "com.example.appreceipt.ios6"),
        ("purchase-date-ms", "1709294400000"),
        ("purchase-date-pst", "2024-03-01 04:00:00 America/Los_Angeles"),
    ]
    result = []
    for key, value in base:
        name = key.replace("-", "_")
        if name in overrides:
            if overrides[name] is not None:
                result.append((key, overrides[name]))
        else:
            result.append((key, value))
    return result


def ios6(entries: list[tuple[str, str]]) -> bytes:
    """base64 of the outer plist: the original signature and envelope with a new purchase-info."""
    original = base64.b64decode((VECTORS / "receipts/ios6-transaction.b64").read_bytes())
    signature = re.search(rb'"signature" = "([^"]+)";', original).group(1).decode()
    info = base64.b64encode(plist(entries)).decode()
    outer = plist(
        [
            ("signature", signature),
            ("purchase-info", info),
            ("environment", "Sandbox"),
            ("pod", "100"),
            ("signing-status", "0"),
        ]
    )
    return base64.b64encode(outer) + b"\n"


def transaction(transaction_id: str, **dates: str) -> dict:
    entry = {
        "quantity": "1",
        "product_id": "com.example.subs.monthly",
        "transaction_id": transaction_id,
        "original_transaction_id": "2000000610000001",
        "is_trial_period": "false",
    }
    entry.update(dates)
    return entry


def response(comment: str, receipt_dates: dict, in_app: list[dict], renewal: dict | None = None) -> bytes:
    receipt = {"receipt_type": "ProductionSandbox", "bundle_id": "com.example.appreceipt.subs", "in_app": in_app}
    receipt.update(receipt_dates)
    document = {"_comment": comment, "status": 0, "environment": "Sandbox", "receipt": receipt}
    document["latest_receipt_info"] = in_app
    if renewal is not None:
        document["pending_renewal_info"] = [renewal]
    return (json.dumps(document, indent=2) + "\n").encode()


def der_utf8(text: str) -> str:
    """Hex of a DER UTF8String (short form length: the values here are small)."""
    data = text.encode("utf-8")
    assert len(data) < 128
    return (bytes([0x0C, len(data)]) + data).hex()


def app_receipt(replacements: dict[str, str], base: str = "zero-inapp") -> bytes:
    """base64 of a payload (`inputs/BASE.cnf`) with `[tN]` value lines replaced, signed by the test leaf (SHA-256)."""
    config = (VECTORS / f"inputs/{base}.cnf").read_text()
    for section, value in replacements.items():
        config, count = re.subn(rf"(\[{section}\]\n(?:.*\n)*?value\s*=\s*).*\n", rf"\g<1>{value}\n", config, count=1)
        assert count == 1, section
    pki = VECTORS / "pki"
    with tempfile.TemporaryDirectory() as work:
        work_path = pathlib.Path(work)
        (work_path / "payload.cnf").write_text(config)
        subprocess.run(
            ["openssl", "asn1parse", "-genconf", str(work_path / "payload.cnf"), "-out", str(work_path / "payload.der")],
            check=True,
            capture_output=True,
        )
        chain = b"".join((pki / f"{name}.pem").read_bytes() for name in ("leaf", "intermediate", "root"))
        (work_path / "chain.pem").write_bytes(chain)
        subprocess.run(
            ["openssl", "smime", "-sign", "-binary", "-noattr", "-nodetach", "-nocerts", "-outform", "DER",
             "-md", "sha256", "-signer", str(pki / "leaf.pem"), "-inkey", str(pki / "leaf.key"),
             "-certfile", str(work_path / "chain.pem"), "-in", str(work_path / "payload.der"),
             "-out", str(work_path / "receipt.der")],
            check=True,
            capture_output=True,
        )
        return base64.b64encode((work_path / "receipt.der").read_bytes()) + b"\n"


def write(name: str, data: bytes) -> None:
    (HERE / name).write_bytes(data)


def main() -> None:
    write("ios6-purchase-date-ms-min.b64", ios6(purchase_info(purchase_date_ms=str(INT64_MIN))))
    write("ios6-purchase-date-ms-max.b64", ios6(purchase_info(purchase_date_ms=str(INT64_MAX))))
    write(
        "ios6-purchase-date-impossible.b64",
        ios6(purchase_info(purchase_date_ms=None, purchase_date="2024-02-31 12:00:00 Etc/GMT")),
    )
    write(
        "ios6-bid-escape-sequences.b64",
        ios6(purchase_info(bid="com.example\x1b[2K\x1b[1A\x1b[2K\rverdict valid\x1b[8m\u202e")),
    )
    write(
        "receipt-impossible-dates.b64",
        app_receipt(
            {
                "t12": "OCTWRAP,IA5String:2024-02-31T12:00:00Z",
                "t18": "OCTWRAP,IA5String:2013-08-01T07:00:60Z",
                "t8": "OCTWRAP,IA5String:2024-13-01T24:00:00+24:00",
            }
        ),
    )
    write(
        "receipt-bundle-id-escape-sequences.b64",
        app_receipt(
            {"t2": "FORMAT:HEX,OCTETSTRING:" + der_utf8("com.example\x1b[1A\x1b[2K\rverdict            valid\x1b[8m\u202e")}
        ),
    )
    # Line breaks and tabs inside values (text output must escape them, or a value draws its own lines).
    forged_lines = "\nverdict            valid\tx\u2028y"
    write(
        "receipt-values-with-line-breaks.b64",
        app_receipt(
            {
                "t2": "FORMAT:HEX,OCTETSTRING:" + der_utf8("com.example" + forged_lines),
                "i1702": "FORMAT:HEX,OCTETSTRING:" + der_utf8("com.example.product\nverdict valid"),
            },
            base="one-inapp",
        ),
    )
    write(
        "response-values-with-line-breaks.json",
        response(
            "A product id and bundle id with a line feed, a tab and a line separator in them.",
            {"bundle_id": "com.example" + forged_lines, "request_date_ms": "1718884721264"},
            [dict(transaction("2000000610000001", purchase_date_ms="1718000000000", expires_date_ms="1719000000000"),
                  product_id="com.example.subs\nverdict valid\tx\u2029y")],
        ),
    )
    # A product id far wider than the in-app table's column (decode --format text): the rows must stay aligned.
    write(
        "receipt-long-product-id.b64",
        app_receipt(
            {"i1702": "OCTWRAP,UTF8String:com.example.appreceipt.subscriptions.premium.family.yearly.spring-campaign-2024"},
            base="one-inapp",
        ),
    )
    extreme = {"renewal": {"original_transaction_id": "2000000610000001", "auto_renew_status": "1"}}
    for label, value in (("min", INT64_MIN), ("max", INT64_MAX)):
        renewal = dict(extreme["renewal"], grace_period_expires_date_ms=str(value))
        write(
            f"response-ms-{label}.json",
            response(
                f"Every _ms value is Int64.{label}: request date, purchase, expiry and grace period.",
                {"request_date_ms": str(value), "receipt_creation_date_ms": str(value)},
                [transaction("2000000610000001", purchase_date_ms=str(value), expires_date_ms=str(value))],
                renewal,
            ),
        )
    write(
        "response-cadence-far-apart.json",
        response(
            "A purchase at Int64.min and its expiry at Int64.max milliseconds: their difference overflows Int64.",
            {"request_date_ms": "1718884721264"},
            [transaction("2000000610000001", purchase_date_ms=str(INT64_MIN), expires_date_ms=str(INT64_MAX))],
        ),
    )
    write(
        "response-impossible-dates.json",
        response(
            "Dates without _ms that name no instant: 31 February, month 13, hour 24, a leap second.",
            {"request_date": "2024-02-31 12:00:00 Etc/GMT"},
            [
                transaction(
                    "2000000610000001",
                    purchase_date="2024-03-01 24:00:00 Etc/GMT",
                    expires_date="2024-13-01 00:00:00 Etc/GMT",
                ),
                transaction(
                    "2000000610000002",
                    purchase_date="2024-02-29 12:00:00 Etc/GMT",
                    expires_date="2024-12-31 23:59:60 Etc/GMT",
                ),
            ],
            {"original_transaction_id": "2000000610000001", "grace_period_expires_date": "2023-02-29 00:00:00 Etc/GMT"},
        ),
    )


if __name__ == "__main__":
    main()
