#!/usr/bin/env bash
# Release-build benchmark of ReceiptKit (see Benchmarks/README.md). `make bench` runs this.
#
#   Benchmarks/run.sh [ITERATIONS] [receipt-bench options ...]
#
# ITERATIONS: timed calls per latency row (default 2000). Further options go to receipt-bench unchanged, e.g.
# --seconds 3 (each throughput phase), --latency-seconds 30 (all latency rows), --fallback, --no-openssl.
# The table goes to stdout and to Benchmarks/results/latest.txt; build output and progress go to stderr.
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."

SWIFT="${SWIFT:-swift}"
iterations=2000
if [ $# -gt 0 ] && [[ "$1" =~ ^[0-9]+$ ]]; then
  iterations="$1"
  shift
fi
if [ "$iterations" -lt 1 ]; then
  echo "run.sh: ITERATIONS must be a positive number" >&2
  exit 64
fi

command -v openssl >/dev/null 2>&1 || {
  echo "run.sh: the openssl CLI is needed for the RSA and cms reference points (or pass --no-openssl)" >&2
}

# Which code is measured, recorded before the build reads it (the table prints it).
if head="$(git rev-parse --short HEAD 2>/dev/null)"; then
  subject="$(git log -1 --format=%s)"
  if [ "${#subject}" -gt 70 ]; then subject="${subject:0:67}..."; fi
  source_state="git $head \"$subject\""
  if [ -n "$(git status --porcelain -- Sources Package.swift)" ]; then
    source_state="$source_state + uncommitted changes in Sources/ or Package.swift"
  fi
  export RECEIPT_BENCH_SOURCE="$source_state"
fi

echo "run.sh: building receipt-bench (release, Benchmarks/.build)" >&2
# SwiftPM does not always notice files added to the main package through the path dependency; a failed
# incremental build is retried once from scratch rather than benchmarking a stale binary.
if ! "$SWIFT" build -c release --package-path Benchmarks >&2; then
  echo "run.sh: incremental build failed; rebuilding Benchmarks/.build from scratch" >&2
  rm -rf Benchmarks/.build
  "$SWIFT" build -c release --package-path Benchmarks >&2
fi
bin_dir="$("$SWIFT" build -c release --package-path Benchmarks --show-bin-path)"

mkdir -p Benchmarks/results
"$bin_dir/receipt-bench" "$iterations" --out Benchmarks/results/latest.txt "$@"

# The audit index (audit --index, docs/audit-index.md) at 10 million keys: file size and per-record cost.
# APPRECEIPT_INDEX_BENCH_MILLIONS=0 leaves it out (it takes a few minutes and about 1 GB of /tmp).
index_millions="${APPRECEIPT_INDEX_BENCH_MILLIONS:-10}"
if [ "$index_millions" != "0" ]; then
  echo
  "$bin_dir/index-bench" "$index_millions" | tee Benchmarks/results/index.txt
fi

# Whole processes on the make_batch.py batch: appreceipt audit and verify against the Python baseline, with the
# ratios and memory targets of issue 13 (Benchmarks/batch.py; it skips, saying why, without ../shared).
release_binary="${APPRECEIPT_BINARY:-.build/release/appreceipt}"
if [ -x "$release_binary" ]; then
  echo
  python3 Benchmarks/batch.py "$release_binary" --out Benchmarks/results/batch.txt
else
  echo "run.sh: batch benchmark SKIPPED: no $release_binary (make bench builds it; or set APPRECEIPT_BINARY)"
fi
