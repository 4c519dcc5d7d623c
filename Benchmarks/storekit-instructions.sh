#!/usr/bin/env bash
# Instructions per StoreKit 2 record and per signed item of `audit --jobs 1` over the corpus's JWS lines, counted by
# callgrind (exact and repeatable on a loaded machine, unlike time). See Benchmarks/README.md, "Profiling".
#
#   Benchmarks/storekit-instructions.sh [BINARY] [SHARED_DIR]
#   CALLGRIND_OUT=DIR Benchmarks/storekit-instructions.sh ...   # also keep the two callgrind files (cg.10, cg.30)
#
# Runs the binary over 10 and 30 copies of every JWS in the manifest of SHARED_DIR/vectors (default ../shared) and
# divides the difference by the 20 extra copies, so process start and each chain's first, cold check drop out.
# The signed-item count comes from batch.py's own payload reading, never from the binary. Under valgrind OpenSSL
# takes its portable code paths (valgrind hides some CPU features), so libcrypto's share is larger than natively.
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."
binary="$(realpath "${1:-.build/release/appreceipt}")"
shared="${2:-../shared}"
command -v valgrind >/dev/null || { echo "storekit-instructions.sh: valgrind is needed" >&2; exit 69; }
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

counts="$(python3 - "$shared" "$work" <<'EOF'
import importlib.util, os, sys
spec = importlib.util.spec_from_file_location("batch", os.path.join("Benchmarks", "batch.py"))
batch = importlib.util.module_from_spec(spec)
spec.loader.exec_module(batch)
shared, work = sys.argv[1], sys.argv[2]
for reps in (10, 30):
    records, items, distinct = batch.make_jws_lines(shared, os.path.join(work, f"jws{reps}.b64l"), reps)
print(records // 30 * 20, items // 30 * 20)
EOF
)"
read -r records items <<<"$counts"

instructions() {
  valgrind --tool=callgrind --callgrind-out-file="$work/cg.$1" "$binary" audit --jobs 1 "$work/jws$1.b64l" \
    >/dev/null 2>"$work/vg.$1" || true
  sed -n 's/.*Collected : \([0-9]*\).*/\1/p' "$work/vg.$1"
}
small="$(instructions 10)"
large="$(instructions 30)"
if [ -n "${CALLGRIND_OUT:-}" ]; then mkdir -p "$CALLGRIND_OUT" && cp "$work/cg.10" "$work/cg.30" "$CALLGRIND_OUT/"; fi
python3 - "$small" "$large" "$records" "$items" "$binary" <<'EOF'
import sys
small, large, records, items, binary = int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4]), sys.argv[5]
extra = large - small
print(f"binary       {binary}")
print(f"difference   {extra:,} instructions for {records} more records ({items} signed items)")
print(f"per record   {extra / records / 1000:,.0f}K instructions")
print(f"per item     {extra / items / 1000:,.0f}K instructions")
EOF
