"""The cross-batch index of a cluster: a Parquet dataset of (key, user, batch, line), one row for each key and user,
where that user first sent the key, plus the list of committed batches.

    INDEX/rows/batch=LABEL/part-*.parquet   columns key, user, line (batch is the partition column)
    INDEX/batches.json                      {"format_version": 1, "batches": [{"batch", "records"}, ...]}

batches.json is the commit: it lists the batches in the order they were added (which orders first-seen places
across batches) and is replaced atomically after the batch's rows are written. Rows of a batch that is not listed
(a job that failed between the two) are never read, and a new run of that batch replaces them.
"""
import json
import os

FORMAT_VERSION = 1


class IndexUnusable(Exception):
    """The index cannot be used: unreadable batches.json, or a batch label already committed."""


def _batches_path(directory):
    return os.path.join(directory, "batches.json")


def _rows_path(directory):
    return os.path.join(directory, "rows")


def committed_batches(directory):
    """The committed batches, in the order they were added ([] for a new index)."""
    path = _batches_path(directory)
    if not os.path.exists(path):
        return []
    try:
        with open(path, encoding="utf-8") as file:
            document = json.load(file)
        if document.get("format_version") != FORMAT_VERSION:
            raise IndexUnusable(f"{path}: format_version {document.get('format_version')!r}, not {FORMAT_VERSION}")
        return [entry for entry in document["batches"] if isinstance(entry.get("batch"), str)]
    except (OSError, ValueError, KeyError, TypeError, AttributeError) as error:
        raise IndexUnusable(f"{path}: not an index's batch list ({error})") from error


def refuse_known_label(directory, label):
    if any(entry["batch"] == label for entry in committed_batches(directory)):
        raise IndexUnusable(f"batch '{label}' is already in {directory} (give another --batch label)")


def earlier_rows(spark, directory):
    """The committed rows as a DataFrame (key, user, batch, line, seq), seq the batch's position (1-based)."""
    from pyspark.sql import functions as F

    from sharing_signals import INDEX_SCHEMA

    batches = committed_batches(directory)
    if not batches or not os.path.isdir(_rows_path(directory)):
        return spark.createDataFrame([], INDEX_SCHEMA)
    order = spark.createDataFrame(
        [(entry["batch"], position) for position, entry in enumerate(batches, start=1)], "batch string, seq int")
    rows = spark.read.schema("key string, user string, line long, batch string").parquet(_rows_path(directory))
    return rows.join(F.broadcast(order), "batch").select("key", "user", "batch", "line", "seq")


def add_batch(directory, new_rows, label, records):
    """Writes this batch's new rows (key, user, line: a key first sent by that user) and commits the batch."""
    from pyspark.sql import functions as F

    (new_rows.withColumn("batch", F.lit(label)).write.mode("overwrite").option("partitionOverwriteMode", "dynamic")
     .partitionBy("batch").parquet(_rows_path(directory)))
    batches = committed_batches(directory) + [{"batch": label, "records": records}]
    temporary = _batches_path(directory) + ".tmp"
    with open(temporary, "w", encoding="utf-8") as file:
        json.dump({"format_version": FORMAT_VERSION, "batches": batches}, file, indent=2, ensure_ascii=False)
        file.write("\n")
        file.flush()
        os.fsync(file.fileno())
    os.replace(temporary, _batches_path(directory))
