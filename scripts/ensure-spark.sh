#!/usr/bin/env bash
# The Python with pyspark that the Spark example and its test use (Tests/ReceiptCLITests/SparkExampleTests,
# `make spark-example`), kept in one virtual environment outside the clone so that a fresh clone does not fetch
# pyspark (about 500 MB) again: ${APPRECEIPT_SPARK_VENV:-~/.cache/appreceipt/spark-venv}.
#
#   scripts/ensure-spark.sh            installs pyspark there when Java is present and it is missing; never fails
#                                      (without it the Spark test skips and says why). APPRECEIPT_NO_SPARK=1: no install.
#   scripts/ensure-spark.sh --python   prints that environment's python when it imports pyspark, else exits 1
set -uo pipefail

venv=${APPRECEIPT_SPARK_VENV:-${HOME:-/tmp}/.cache/appreceipt/spark-venv}
python=$venv/bin/python

ready() { [ -x "$python" ] && "$python" -c 'import pyspark' >/dev/null 2>&1; }

if [ "${1:-}" = "--python" ]; then
  ready && echo "$python"
  exit $?
fi
if ready || [ -n "${APPRECEIPT_NO_SPARK:-}" ]; then
  exit 0
fi
if ! command -v java >/dev/null 2>&1; then
  echo "appreceipt: no Java (Debian: apt-get install default-jre-headless): the Spark example test will skip" >&2
  exit 0
fi
echo "appreceipt: installing pyspark into $venv for the Spark example and its test (once)" >&2
if ! { python3 -m venv "$venv" && "$venv/bin/pip" install --quiet pyspark; } >/dev/null 2>&1; then
  echo "appreceipt: installing pyspark failed; the Spark example test will skip" >&2
fi
exit 0
