#!/usr/bin/env bash
# The Python with pyspark that the Spark example and its test use (Tests/ReceiptCLITests/SparkExampleTests,
# `make spark-example`), kept in one virtual environment outside the clone so that a fresh clone does not fetch
# pyspark (about 500 MB) again: ${APPRECEIPT_SPARK_VENV:-~/.cache/appreceipt/spark-venv}.
#
#   scripts/ensure-spark.sh            installs pyspark there when Java is present and it is missing; never fails
#                                      (without it the Spark test skips and says why). APPRECEIPT_NO_SPARK=1: no install.
#   scripts/ensure-spark.sh --python   prints that environment's python when it imports pyspark, else exits 1
set -uo pipefail
# shellcheck source=python-venv.sh
source "$(dirname "$0")/python-venv.sh"
venv=${APPRECEIPT_SPARK_VENV:-${HOME:-/tmp}/.cache/appreceipt/spark-venv}

if [ "${1:-}" != "--python" ] && ! venv_ready "$venv" pyspark && [ -z "${APPRECEIPT_NO_SPARK:-}" ] \
  && ! command -v java >/dev/null 2>&1; then
  echo "appreceipt: no Java (Debian: apt-get install default-jre-headless): the Spark example test will skip" >&2
  exit 0
fi
venv_main "$venv" pyspark pyspark APPRECEIPT_NO_SPARK "pyspark (about 500 MB from PyPI) for the Spark example and its test" "$@"
