#!/usr/bin/env bash
# `make spark-example`: installs pyspark in a virtual environment (once, scripts/ensure-spark.sh), audits a generated batch on Spark in
# local mode and in one process, prints both commands with their wall time, and checks that the two summaries
# are the same document. Needs Java 17 or later (Debian: apt-get install default-jre-headless) and the release binary.
#
#   examples/spark/run-example.sh      (APPRECEIPT_SPARK_VENV=DIR, SPARK_MASTER=local[2], SPARK_PARTITIONS=4 to change them)
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root"
binary=.build/release/appreceipt
work=.build/spark-example
master=${SPARK_MASTER:-local[2]}
partitions=${SPARK_PARTITIONS:-4}

if ! command -v java >/dev/null 2>&1; then
    echo "spark-example: Java is needed (Java 17 or later; Debian: apt-get install default-jre-headless)" >&2
    exit 1
fi
scripts/ensure-spark.sh
python=$(scripts/ensure-spark.sh --python) || {
    echo "spark-example: pyspark could not be installed (scripts/ensure-spark.sh)" >&2
    exit 1
}
[ -x "$binary" ] || { echo "spark-example: $binary is missing (make release)" >&2; exit 1; }

rm -rf "$work"
mkdir -p "$work"
audit_options=()
if [ -f ../shared/bench/make_batch.py ] && [ -f ../shared/vectors/manifest.json ]; then
    python3 ../shared/bench/make_batch.py "$work/batch" --reps 13 --malformed 0.1
    records=$work/batch/records.jsonl
else
    echo "spark-example: ../shared is absent; using a batch made from TestVectors" >&2
    records=$work/records.jsonl
    python3 examples/spark/vector_batch.py "$records" --reps 13
    audit_options=(--trust-anchor "$root/TestVectors/pki/root.pem")
fi

seconds() { date +%s.%N; }
elapsed() { python3 -c "import sys; print(f'{float(sys.argv[2]) - float(sys.argv[1]):.1f}')" "$1" "$2"; }

spark=("$python" examples/spark/audit_spark.py --master "$master" --partitions "$partitions"
    --ship "$binary" "$records" "$work/spark" -- "${audit_options[@]}")
single=("$binary" audit --summary "$work/single-summary.json" "${audit_options[@]}" "$records")

start=$(seconds)
status=0
"${spark[@]}" 2>"$work/spark.log" || status=$?
spark_time=$(elapsed "$start" "$(seconds)")
[ "$status" -le 1 ] || { cat "$work/spark.log" >&2; exit "$status"; }

start=$(seconds)
status=0
"${single[@]}" >"$work/single-records.jsonl" 2>"$work/single.log" || status=$?
single_time=$(elapsed "$start" "$(seconds)")
[ "$status" -le 1 ] || { cat "$work/single.log" >&2; exit "$status"; }

echo "spark ($master, $partitions partitions): ${spark_time} s   ${spark[*]}"
echo "single process:                     ${single_time} s   ${single[*]}"
same_json() { python3 -c 'import json, sys; sys.exit(json.load(open(sys.argv[1])) != json.load(open(sys.argv[2])))' "$1" "$2"; }
if same_json "$work/spark/summary.json" "$work/single-summary.json"; then
    echo "the summaries are the same document: $work/spark/summary.json (signals computed on Spark)"
else
    echo "spark-example: the summaries differ:" >&2
    diff "$work/spark/summary.json" "$work/single-summary.json" >&2 || true
    exit 1
fi
