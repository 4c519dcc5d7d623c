"""The audit summary (what `appreceipt audit --summary` and `summarize` write) from final audit records.

Mirrors Sources/ReceiptAudit/AuditSummary.swift: counts of verdicts, kinds, failed checks (once per record),
signals (records carrying each), environments and bundle ids; the groups of a record's own signals by signal and
key (the refused bundle id or environment, else the user id), each with its first 100 records; and the sharing
groups from the cross-record signals. Each partition is counted on its executor; the driver adds the partials.
"""
from collections import Counter

SIGNAL_ORDER = ["receipt_shared_between_users", "transaction_shared_between_users", "bundle_id_not_allowed",
                "environment_not_allowed", "device_mismatch", "creation_date_in_future"]
CROSS_RECORD = set(SIGNAL_ORDER[:2])
FORMAT_VERSION = 1
GROUP_LIST_LIMIT = 100


def signal_rank(kind):
    return SIGNAL_ORDER.index(kind) if kind in SIGNAL_ORDER else len(SIGNAL_ORDER)


def _own_group_key(kind, record):
    if kind == "bundle_id_not_allowed":
        return record.get("bundle_id") if record.get("bundle_id") is not None else "(absent)"
    if kind == "environment_not_allowed":
        return record.get("environment") if record.get("environment") is not None else "(absent)"
    return record.get("user_id") if record.get("user_id") is not None else "(no user id)"


def empty_partial():
    tables = ("verdicts", "kinds", "failed_checks", "signals", "environments", "bundle_ids")
    partial = {name: Counter() for name in tables}
    partial.update(records=0, problem_records=0, own_groups={})
    return partial


def count_record(partial, record):
    """AuditSummary.add: one final record (its cross-record signals attached) into a partial summary."""
    kinds = {signal["id"] for signal in record.get("signals") or []}
    partial["records"] += 1
    if record["verdict"] != "valid" or kinds:
        partial["problem_records"] += 1
    partial["verdicts"][record["verdict"]] += 1
    for table, field in (("kinds", "kind"), ("environments", "environment"), ("bundle_ids", "bundle_id")):
        if record.get(field) is not None:
            partial[table][record[field]] += 1
    partial["failed_checks"].update(set(record.get("failed_checks") or []))
    for kind in kinds:
        partial["signals"][kind] += 1
        if kind in CROSS_RECORD:
            continue
        group = partial["own_groups"].setdefault((kind, _own_group_key(kind, record)), [0, []])
        group[0] += 1
        if len(group[1]) < GROUP_LIST_LIMIT:
            group[1].append(record["record"])


def merge(partials):
    total = empty_partial()
    for partial in partials:
        for name, value in partial.items():
            if name == "own_groups":
                for key, (count, records) in value.items():
                    group = total["own_groups"].setdefault(key, [0, []])
                    group[0] += count
                    group[1] = sorted(group[1] + records)[:GROUP_LIST_LIMIT]
            else:
                total[name] += value
    return total


def _group_order(group):
    return (signal_rank(group["signal"]), group["records"][0] if group["records"] else 0, group["key"])


def document(total, shared_groups):
    """The summary as a JSON-ready dict, groups in summary order (signal, first record, key)."""
    own = [{"key": key, "record_count": count, "records": records, "signal": kind}
           for (kind, key), (count, records) in total["own_groups"].items()]
    groups = sorted(own + list(shared_groups), key=_group_order)
    tables = {name: dict(sorted(total[name].items()))
              for name in ("bundle_ids", "environments", "failed_checks", "kinds", "signals", "verdicts")}
    return dict(tables, format_version=FORMAT_VERSION, problem_records=total["problem_records"],
                records=total["records"], signal_groups=groups)
