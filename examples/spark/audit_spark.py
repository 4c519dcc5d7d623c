#!/usr/bin/env python3
"""Audit batches of receipt records on Apache Spark, the cross-record signals computed by Spark itself.

    audit_spark.py [--master URL] [--partitions N] [--binary PATH | --ship PATH] [--audit-jobs N] [--force]
                   [--index DIR [--batch LABEL]...] INPUT OUTPUT_DIR [INPUT OUTPUT_DIR ...] [-- AUDIT_OPTION ...]

INPUT holds one record per line, as `appreceipt audit --records` reads them (a base64 receipt, or a JSON object
with "receipt-data" and optional "id", "user_id", "device_id", "bundle_id"). Every partition is piped through
`appreceipt audit --records -` on its executor (RDD.pipe), so the receipts are checked where the data is. The
records are then numbered across partitions, and the cross-record signals (receipt_shared_between_users,
transaction_shared_between_users) are computed with Spark's operators over (key, user) rows taken from the
audit records (sharing_signals.py) and joined back to them. OUTPUT_DIR/records/part-NNNNN holds the records,
one shard per input partition, in input order; OUTPUT_DIR/summary.json the summary. Records and summary are
those one `appreceipt audit --summary` over the whole INPUT (or `appreceipt summarize` over the shards) gives.

--index DIR keeps a cross-batch index there (batch_index.py: Parquet rows of (key, user, batch, line)): a record
whose key an earlier batch sent under another user carries the signal with first_seen {batch, line, user}, and
the batch's new rows are added. --batch LABEL names the batch (once per INPUT; default INPUT's file name and the
date, NAME@YYYY-MM-DD); a label already in the index is refused. Several INPUT OUTPUT_DIR pairs are audited in
order in one Spark session, each a batch, each against the batches before it when there is an index.

The binary: `--binary PATH` names it as it is installed on every worker (default: `appreceipt` on the PATH);
`--ship PATH` sends the driver's copy to the executors with SparkContext.addFile (spark-submit's --files does
the same). Options after `--` go to every `appreceipt audit` (e.g. --bundle-id, --environment, --at).

Exit status: 0 every record valid and no signal, 1 otherwise (as audit's), 2 usage or index refused, 3 the
Spark job failed.
"""
import argparse
import bisect
import datetime
import json
import os
import re
import shlex
import shutil
import sys

sys.dont_write_bytecode = True  # the modules next to this script are imported from the clone: no __pycache__ there
import audit_summary  # noqa: E402
import batch_index  # noqa: E402
import sharing_keys  # noqa: E402
import sharing_signals  # noqa: E402

# Run by /bin/sh on each executor, once per partition. audit exits 1 when a record is not valid or carries a
# signal: that is its answer, not a failure, so only a status above 1 (unreadable input, a write error, a
# crash) fails the task and with it the job.
PIPE_SCRIPT = """
bin=$1; shift
if [ -n "$APPRECEIPT_SHIPPED" ] && [ -x "./$APPRECEIPT_SHIPPED" ]; then bin="./$APPRECEIPT_SHIPPED"; fi
"$bin" audit --records - "$@"
status=$?
[ "$status" -le 1 ]
"""
MODULES = ("audit_summary.py", "batch_index.py", "sharing_keys.py", "sharing_signals.py")
STDIN_SOURCE = "(stdin):"
# A record sorts before its hits in the join; the join's output is record lines and one summary partial a partition.
RECORD, HITS = 0, 1
LINE, PARTIAL = "line", "partial"
# How audit names a record's line in its error messages ("line 7: invalid JSON ...", "line 7 is 123 bytes, ...").
LINE_IN_MESSAGE = re.compile(r"^line ([0-9]+)(: | is )")


class Usage(Exception):
    """A command line or index the job refuses before Spark starts (exit 2)."""


def parse_arguments(argv):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("pairs", nargs="+", metavar="INPUT OUTPUT_DIR",
                        help="records file and a directory for records/part-NNNNN and summary.json (must not exist)")
    parser.add_argument("--master", default=None, help="Spark master (default: spark-submit's, else local[2])")
    parser.add_argument("--partitions", type=int, default=4, help="minimum number of input partitions (default 4)")
    where = parser.add_mutually_exclusive_group()
    where.add_argument("--binary", default="appreceipt", help="appreceipt as installed on every worker")
    where.add_argument("--ship", metavar="PATH", help="ship this appreceipt binary to the executors")
    parser.add_argument("--audit-jobs", type=int, default=1, help="audit --jobs per task (default 1: Spark runs a task per core)")
    parser.add_argument("--index", metavar="DIR", help="cross-batch index directory (created when missing)")
    parser.add_argument("--batch", action="append", metavar="LABEL", help="batch label, once per INPUT")
    parser.add_argument("--force", action="store_true", help="replace OUTPUT_DIR if it exists")
    own, audit_options = (argv[:argv.index("--")], argv[argv.index("--") + 1:]) if "--" in argv else (argv, [])
    arguments = parser.parse_args(own)
    arguments.audit_options = audit_options
    if len(arguments.pairs) % 2:
        parser.error("give INPUT OUTPUT_DIR pairs")
    inputs, outputs = arguments.pairs[0::2], arguments.pairs[1::2]
    if arguments.batch is not None and len(arguments.batch) != len(inputs):
        parser.error(f"{len(arguments.batch)} --batch label(s) for {len(inputs)} input(s)")
    if arguments.batch and not arguments.index:
        parser.error("--batch names a batch of an --index")
    today = datetime.date.today().isoformat()
    labels = arguments.batch or [f"{os.path.basename(path)}@{today}" for path in inputs]
    if not all(label.strip() for label in labels):
        parser.error("a batch label is empty")
    if len(set(labels)) != len(labels):
        parser.error("two batches of this run have the same label")
    arguments.batches = list(zip(inputs, outputs, labels))
    return arguments


def pipe_command(executor_binary, arguments):
    audit = ["--jobs", str(arguments.audit_jobs)] + arguments.audit_options
    return shlex.join(["/bin/sh", "-c", PIPE_SCRIPT, "audit-pipe", executor_binary] + audit)


def _dumps(record):
    return json.dumps(record, ensure_ascii=False, separators=(",", ":"), sort_keys=True)


def _starts(counts, first):
    """Where each partition's numbering starts, given each partition's count."""
    starts = []
    for count in counts:
        starts.append(first)
        first += count
    return starts


def numbering(name, line_starts, record_starts):
    """The map over the audit output of partition P: records numbered across the input, the source its line in
    INPUT, own signals pointing at the record, cross-record signals dropped (raised again below); with each
    record its index rows."""
    def number_partition(partition, lines):
        for position, text in enumerate(lines):
            record = json.loads(text)
            source = record.get("source") or ""
            if record.get("record") != position + 1 or not source.startswith(STDIN_SOURCE):
                raise RuntimeError(f"partition {partition}: audit line {position + 1} is not record {position + 1}")
            number = record_starts[partition] + position
            line = line_starts[partition] + int(source[len(STDIN_SOURCE):]) - 1
            record["record"] = number
            record["source"] = f"{name}:{line}"
            _renumber_message(record, int(source[len(STDIN_SOURCE):]), line)
            record["signals"] = [dict(signal, records=[number]) for signal in record.get("signals") or []
                                 if signal["id"] not in audit_summary.CROSS_RECORD]
            yield number, _dumps(record), sharing_keys.key_rows(record, number, line)
    return number_partition


def _renumber_message(record, local_line, line):
    """An error message that names the partition's line names the input's line instead."""
    error = record.get("error")
    match = LINE_IN_MESSAGE.match(error.get("message") or "") if isinstance(error, dict) else None
    if match and int(match.group(1)) == local_line:
        error["message"] = f"line {line}{match.group(2)}{error['message'][match.end():]}"


def join_partition(items):
    """The join of the records and their hits, both keyed (record number, RECORD or HITS) and sorted so that a
    record's hits follow it, inside the partition the record came from: each record with its cross-record signals
    attached, as a LINE, and the partition's summary counts at the end, as a PARTIAL."""
    partial = audit_summary.empty_partial()
    pending = None
    for (number, kind), value in items:
        if kind == RECORD:
            if pending is not None:
                yield LINE, _finished(pending[1], [], partial)
            pending = (number, value)
        elif pending is not None and pending[0] == number:
            yield LINE, _finished(pending[1], value, partial)
            pending = None
    if pending is not None:
        yield LINE, _finished(pending[1], [], partial)
    yield PARTIAL, partial


def _finished(text, hits, partial):
    record = json.loads(text)
    if hits:
        signals = record["signals"] + sharing_signals.signals_of(hits)
        record["signals"] = sorted(signals, key=lambda signal: audit_summary.signal_rank(signal["id"]))
        text = _dumps(record)
    audit_summary.count_record(partial, record)
    return text


def in_partition_of(record_starts):
    """The partition function that puts record N (and its hits) back in the input partition it came from."""
    return lambda key: max(0, bisect.bisect_right(record_starts, key[0]) - 1)


def audit_batch(spark, arguments, executor_binary, environment, batch):
    """One batch: audit (map), signals (Spark operators), records and summary out; returns the exit status."""
    from pyspark import StorageLevel

    name, output, label = batch
    context = spark.sparkContext
    lines = context.textFile(name, minPartitions=arguments.partitions)
    partitions = lines.getNumPartitions()
    # The signal step's shuffles: as many partitions as there are cores, or input partitions if fewer.
    spark.conf.set("spark.sql.shuffle.partitions", str(min(partitions, context.defaultParallelism)))
    count = lambda items: [sum(1 for _ in items)]  # noqa: E731
    line_starts = _starts(lines.mapPartitions(count).collect(), 1)
    audited = lines.pipe(pipe_command(executor_binary, arguments), env=environment, checkCode=True)
    audited = audited.persist(StorageLevel.MEMORY_AND_DISK)
    record_starts = _starts(audited.mapPartitions(count).collect(), 1)
    numbered = audited.mapPartitionsWithIndex(numbering(name, line_starts, record_starts))
    numbered = numbered.persist(StorageLevel.MEMORY_AND_DISK)
    rows = spark.createDataFrame(numbered.flatMap(lambda item: item[2]), sharing_signals.ROW_SCHEMA)
    earlier = (batch_index.earlier_rows(spark, arguments.index) if arguments.index
               else spark.createDataFrame([], sharing_signals.INDEX_SCHEMA))
    hits, groups, new_rows = sharing_signals.cross_record_signals(rows, earlier)
    records = numbered.map(lambda item: ((item[0], RECORD), item[1]))
    hits = hits.rdd.map(lambda row: ((row["number"], HITS), [hit.asDict(recursive=True) for hit in row["hits"]]))
    final = (records.union(hits).repartitionAndSortWithinPartitions(partitions, in_partition_of(record_starts))
             .mapPartitions(join_partition).persist(StorageLevel.MEMORY_AND_DISK))
    total = audit_summary.merge(final.filter(lambda item: item[0] == PARTIAL).values().collect())
    shared_groups = [sharing_signals.group_of(group) for group in groups.collect()]
    final.filter(lambda item: item[0] == LINE).values().saveAsTextFile(os.path.abspath(os.path.join(output, "records")))
    with open(os.path.join(output, "summary.json"), "w", encoding="utf-8") as file:
        json.dump(audit_summary.document(total, shared_groups), file, indent=2, ensure_ascii=False, sort_keys=True)
        file.write("\n")
    if arguments.index:
        batch_index.add_batch(arguments.index, new_rows, label, total["records"])
    for dataset in (final, numbered, audited):
        dataset.unpersist()
    spark.catalog.clearCache()
    return 0 if total["problem_records"] == 0 else 1


def start_spark(arguments):
    from pyspark import SparkFiles
    from pyspark.sql import SparkSession

    builder = SparkSession.builder.appName("appreceipt-audit").config("spark.ui.showConsoleProgress", "false")
    master = arguments.master
    # Under spark-submit (which starts the JVM and says so in PYSPARK_GATEWAY_PORT) its --master stands.
    submitted = "PYSPARK_GATEWAY_PORT" in os.environ or "spark.master" in os.environ.get("PYSPARK_SUBMIT_ARGS", "")
    if master is None and not submitted:
        master = "local[2]"
    if master:
        builder = builder.master(master)
    if master and master.startswith("local"):
        # A local run is over in seconds; its web UI would only cost start-up time (and a port). Its Python
        # workers are this Python (else python3 on the PATH, which may be another version).
        builder = builder.config("spark.ui.enabled", "false")
        os.environ.setdefault("PYSPARK_PYTHON", sys.executable)
    spark = builder.getOrCreate()
    context = spark.sparkContext
    context.setLogLevel("ERROR")
    here = os.path.dirname(os.path.abspath(__file__))
    for module in MODULES:
        context.addPyFile(os.path.join(here, module))
    environment = {"PATH": os.environ.get("PATH", "/usr/local/bin:/usr/bin:/bin")}
    if arguments.ship:
        shipped = os.path.basename(arguments.ship)
        context.addFile(os.path.abspath(arguments.ship))
        environment["APPRECEIPT_SHIPPED"] = shipped
        return spark, SparkFiles.get(shipped), environment
    return spark, arguments.binary, environment


def prepare(arguments):
    """Checks outputs and index before Spark starts."""
    for _, output, label in arguments.batches:
        if os.path.exists(output) and not arguments.force:
            raise Usage(f"{output} exists (use --force to replace it)")
        if arguments.index:
            batch_index.refuse_known_label(arguments.index, label)
    for _, output, _ in arguments.batches:
        if os.path.exists(output):
            shutil.rmtree(output)
        os.makedirs(output)
    if arguments.index:
        os.makedirs(arguments.index, exist_ok=True)


def main(argv):
    arguments = parse_arguments(argv)
    try:
        prepare(arguments)
    except (Usage, batch_index.IndexUnusable) as error:
        print(f"audit_spark.py: {error}", file=sys.stderr)
        return 2
    status = 0
    spark = None
    try:
        spark, executor_binary, environment = start_spark(arguments)
        for batch in arguments.batches:
            status = max(status, audit_batch(spark, arguments, executor_binary, environment, batch))
    except Exception as error:  # the job's own error, with the executor's message, is what the user needs
        print(f"audit_spark.py: the Spark job failed: {error}", file=sys.stderr)
        return 3
    finally:
        if spark is not None:
            spark.stop()
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
