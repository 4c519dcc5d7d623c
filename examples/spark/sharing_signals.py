"""The cross-record signals of one batch, computed with Spark's own operators over (key, user) rows.

The rule is that of appreceipt's SignalIndex (SharedKeyTable), said without a sequential pass: a record with key K
under user U raises the signal when some other user carried K before it; it names how many other users did
("other users") and the first record of each of the first 20 of them ("records"). Against a cross-batch index,
users that carried K in an earlier batch count as having carried it before every record of this batch; the
record then also says where K was first seen under another user (first_seen: batch, line, user), and "records"
lists only this batch's records (the first record of each other user that is new to the index).

This batch's rows and the index rows are shuffled once, hash-partitioned by key; then, with no further shuffle,
a window per (key, user) gives each user's first record and whether the index knew the user, a groupBy per key
the users (and drops the keys under one user, nearly all of them), and, for the keys left, a window in record
order counts the users new in this batch so far: with the index's users, the other users at that record. The
hits are grouped by record number, to be joined back to the records.
"""
from pyspark.sql import Window
from pyspark.sql import functions as F

from sharing_keys import PAYLOAD

ROW_SCHEMA = "key string, label string, user string, number long, line long, ord int"
INDEX_SCHEMA = "key string, user string, batch string, line long, seq int"
# SignalIndex.signalRecordLimit and AuditSignalGroup.listLimit.
SIGNAL_RECORD_LIMIT = 20
GROUP_LIST_LIMIT = 100


def _by_key(rows, earlier):
    """This batch's rows and the index rows in one DataFrame, hash-partitioned by key once: every step below groups
    by key (or by key and user) and so needs no further shuffle. Each row knows its user's first record in the
    batch, whether the index knew that user for the key, and whether it is that user's first."""
    batch = rows.select("key", "user", "number", "line", "label", "ord", F.lit(0).alias("is_index"),
                        F.lit(None).cast("int").alias("seq"), F.lit(None).cast("string").alias("batch"))
    index = earlier.select(
        "key", "user", F.lit(None).cast("long").alias("number"), "line", F.lit(None).cast("string").alias("label"),
        F.lit(None).cast("int").alias("ord"), F.lit(1).alias("is_index"), "seq", "batch")
    user_of_key = Window.partitionBy("key", "user")
    events = batch.unionByName(index).repartition("key")
    events = (events.withColumn("known", F.max("is_index").over(user_of_key))
              .withColumn("first", F.min("number").over(user_of_key)))
    return events.withColumn("is_first", (F.col("is_index") == 0) & (F.col("number") == F.col("first"))).withColumn(
        "is_new_first", F.col("is_first") & (F.col("known") == 0))


def _shared_keys(events):
    """One row per key of this batch that is under two or more users, this batch and the index together."""
    in_batch = F.col("is_index") == 0
    keys = events.groupBy("key").agg(
        F.sum("is_index").alias("known_users"),
        F.sum(F.col("is_new_first").cast("int")).alias("new_users"),
        F.sum(1 - F.col("is_index")).alias("record_count"),
        F.slice(F.sort_array(F.collect_list(F.when(F.col("is_first"), F.col("number")))), 1, GROUP_LIST_LIMIT)
        .alias("batch_firsts"),
        F.slice(F.sort_array(F.collect_list(F.when(F.col("is_new_first"), F.struct(
            F.col("number").alias("first"), "user")))), 1, GROUP_LIST_LIMIT).alias("new_firsts"),
        F.slice(F.sort_array(F.collect_list(F.when(~in_batch, F.struct("seq", "line", "user", "batch")))),
                1, GROUP_LIST_LIMIT).alias("places"))
    # Keys of earlier batches only came along in the shuffle; this batch has no record to mark with them.
    return keys.filter((F.col("record_count") > 0) & (F.col("known_users") + F.col("new_users") >= 2))


def _hit_rows(events, shared):
    """The rows that raise a signal, with its other-user count, records and first place under another user."""
    in_record_order = Window.partitionBy("key").orderBy("number").rowsBetween(Window.unboundedPreceding, 0)
    new_so_far = F.sum(F.col("is_new_first").cast("int")).over(in_record_order)
    hits = (events.filter(F.col("is_index") == 0).join(shared.select("key", "known_users", "new_firsts", "places"), "key")
            .withColumn("others", F.col("known_users") + new_so_far - 1)
            .filter(F.col("others") >= 1))
    earlier_records = (f"slice(transform(filter(new_firsts, x -> x.first < number AND x.user != user),"
                       f" x -> x.first), 1, {SIGNAL_RECORD_LIMIT})")
    return hits.select(
        "key", "label", "number", "ord", "others", F.expr(earlier_records).alias("records"),
        F.expr("try_element_at(filter(places, x -> x.user != user), 1)").alias("first_seen"))


def cross_record_signals(rows, earlier):
    """(hits, groups, new_rows) for a batch's key rows (ROW_SCHEMA) against the index rows of earlier batches
    (INDEX_SCHEMA; seq orders the batches). hits: (number, hits: [hit]) for the records that raise a signal;
    groups: one row per shared key, for the summary; new_rows: (key, user, line) first sent in this batch."""
    events = _by_key(rows, earlier).cache()
    shared = _shared_keys(events)
    hit_rows = _hit_rows(events, shared).cache()
    hit = F.struct("ord", "key", "label", "others", "records", "first_seen")
    hits = hit_rows.groupBy("number").agg(F.collect_list(hit).alias("hits"))
    labels = hit_rows.groupBy("key").agg(F.min(F.struct("number", "label")).alias("at"))
    groups = shared.join(labels, "key").select(
        "key", F.col("at.label").alias("label"), "record_count", "batch_firsts", "places", "new_firsts",
        (F.col("known_users") + F.col("new_users")).alias("user_count"))
    new_rows = events.filter(F.col("is_new_first")).select("key", "user", "line")
    return hits, groups, new_rows


def signal_kind(key):
    return "receipt_shared_between_users" if key.startswith(PAYLOAD) else "transaction_shared_between_users"


def _place(first_seen):
    return {"batch": first_seen["batch"], "line": first_seen["line"], "user": first_seen["user"]}


def _earliest(places):
    places = [place for place in places if place is not None]
    return min(places, key=lambda place: (place["seq"], place["line"])) if places else None


def signals_of(hits):
    """The record's cross-record signals (as audit writes them) from its hits, payload first."""
    signals = []
    payload = [hit for hit in hits if hit["key"].startswith(PAYLOAD)]
    transactions = sorted((hit for hit in hits if not hit["key"].startswith(PAYLOAD)), key=lambda hit: hit["ord"])
    for hit in payload:
        signals.append(_signal(
            "receipt_shared_between_users",
            f"the same signed payload (payload_sha256 {hit['label']}) is under {hit['others']} other user id(s)",
            list(hit["records"]), hit["first_seen"]))
    if transactions:
        ids = [hit["label"] for hit in transactions]
        shown = ", ".join(ids[:5]) + (", ..." if len(ids) > 5 else "")
        others = max(hit["others"] for hit in transactions)
        records = sorted({number for hit in transactions for number in hit["records"]})[:SIGNAL_RECORD_LIMIT]
        signals.append(_signal(
            "transaction_shared_between_users",
            f"{len(ids)} transaction id(s) of this receipt are also under other user ids (up to {others} other): "
            f"{shown}", records, _earliest(hit["first_seen"] for hit in transactions)))
    return signals


def _signal(kind, detail, records, first_seen):
    signal = {"detail": detail, "id": kind, "records": records}
    if first_seen is not None:
        signal["first_seen"] = _place(first_seen)
    return signal


def group_of(row):
    """A summary group (AuditSignalGroup's JSON) from a row of the groups DataFrame."""
    places = list(row["places"])
    users = [place["user"] for place in places] + [first["user"] for first in row["new_firsts"]]
    group = {
        "key": row["label"], "record_count": row["record_count"],
        "records": list(row["batch_firsts"][:GROUP_LIST_LIMIT]), "signal": signal_kind(row["key"]),
        "user_count": row["user_count"], "users": users[:GROUP_LIST_LIMIT]}
    if places:
        group["first_seen"] = _place(places[0])
    return group
