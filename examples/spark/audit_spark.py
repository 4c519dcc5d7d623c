#!/usr/bin/env python3
"""Audit a batch of receipt records on Apache Spark, then merge the shards with `appreceipt summarize`.

    audit_spark.py [--master URL] [--partitions N] [--binary PATH | --ship PATH] [--audit-jobs N] [--force]
                   INPUT OUTPUT_DIR [-- AUDIT_OPTION ...]

INPUT holds one record per line, as `appreceipt audit --records` reads them (a base64 receipt, or a JSON object
with "receipt-data" and optional "id", "user_id", "device_id", "bundle_id"). Every partition is piped through
`appreceipt audit --records -` on its executor (RDD.pipe), so the receipts are checked where the data is;
the per-record JSON Lines land in OUTPUT_DIR/records/part-NNNNN, one shard per partition, in input order.
The driver then runs `appreceipt summarize` over the shards in order and writes OUTPUT_DIR/summary.json: the
summary one `appreceipt audit --summary` over the whole input would write, the cross-record signals
(receipt_shared_between_users, transaction_shared_between_users) raised again across the shards.

The binary: `--binary PATH` names it as it is installed on every worker (default: `appreceipt` on the PATH);
`--ship PATH` sends the driver's copy to the executors with SparkContext.addFile (spark-submit's --files does
the same), where it lands in each executor's working directory (in local mode, in the driver's SparkFiles
directory). Options after `--` go to every `appreceipt audit` (e.g. --bundle-id, --environment, --at).

Exit status: 0 every record valid and no signal, 1 otherwise (as audit's), 2 usage, 3 the Spark job failed.
"""
import argparse
import glob
import os
import shlex
import shutil
import subprocess
import sys

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


def parse_arguments(argv):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("input", help="records file (one record per line)")
    parser.add_argument("output", help="directory for records/part-NNNNN and summary.json (must not exist)")
    parser.add_argument("--master", default=None, help="Spark master (default: spark-submit's, else local[2])")
    parser.add_argument("--partitions", type=int, default=4, help="minimum number of input partitions (default 4)")
    where = parser.add_mutually_exclusive_group()
    where.add_argument("--binary", default="appreceipt", help="appreceipt as installed on every worker")
    where.add_argument("--ship", metavar="PATH", help="ship this appreceipt binary to the executors")
    parser.add_argument("--audit-jobs", type=int, default=1, help="audit --jobs per task (default 1: Spark runs a task per core)")
    parser.add_argument("--force", action="store_true", help="replace OUTPUT if it exists")
    own, _, audit_options = _split_at_double_dash(argv)
    arguments = parser.parse_args(own)
    arguments.audit_options = audit_options
    return arguments


def _split_at_double_dash(argv):
    if "--" in argv:
        index = argv.index("--")
        return argv[:index], "--", argv[index + 1:]
    return argv, None, []


def pipe_command(executor_binary, arguments):
    audit = ["--jobs", str(arguments.audit_jobs)] + arguments.audit_options
    return shlex.join(["/bin/sh", "-c", PIPE_SCRIPT, "audit-pipe", executor_binary] + audit)


def run_spark(arguments, records_dir):
    from pyspark import SparkFiles
    from pyspark.sql import SparkSession

    builder = SparkSession.builder.appName("appreceipt-audit")
    if arguments.master:
        builder = builder.master(arguments.master)
    elif "spark.master" not in os.environ.get("PYSPARK_SUBMIT_ARGS", ""):
        builder = builder.master("local[2]")
    spark = builder.getOrCreate()
    context = spark.sparkContext
    context.setLogLevel("ERROR")
    environment = {"PATH": os.environ.get("PATH", "/usr/local/bin:/usr/bin:/bin")}
    if arguments.ship:
        name = os.path.basename(arguments.ship)
        context.addFile(os.path.abspath(arguments.ship))
        executor_binary = SparkFiles.get(name)
        environment["APPRECEIPT_SHIPPED"] = name
    else:
        executor_binary = arguments.binary
    try:
        lines = context.textFile(arguments.input, minPartitions=arguments.partitions)
        audited = lines.pipe(pipe_command(executor_binary, arguments), env=environment, checkCode=True)
        audited.saveAsTextFile(records_dir)
    finally:
        spark.stop()


def summarize(binary, records_dir, summary_path):
    shards = sorted(glob.glob(os.path.join(records_dir, "part-*")))
    command = [binary, "summarize", "--summary", summary_path] + shards
    result = subprocess.run(command, stdout=subprocess.DEVNULL)
    return result.returncode


def main(argv):
    arguments = parse_arguments(argv)
    if os.path.exists(arguments.output):
        if not arguments.force:
            print(f"audit_spark.py: {arguments.output} exists (use --force to replace it)", file=sys.stderr)
            return 2
        shutil.rmtree(arguments.output)
    os.makedirs(arguments.output)
    records_dir = os.path.join(arguments.output, "records")
    try:
        run_spark(arguments, os.path.abspath(records_dir))
    except Exception as error:  # the job's own error, with the executor's message, is what the user needs
        print(f"audit_spark.py: the Spark job failed: {error}", file=sys.stderr)
        return 3
    driver_binary = arguments.ship or shutil.which(arguments.binary) or arguments.binary
    status = summarize(driver_binary, records_dir, os.path.join(arguments.output, "summary.json"))
    if status > 1:
        print(f"audit_spark.py: appreceipt summarize exited {status}", file=sys.stderr)
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
