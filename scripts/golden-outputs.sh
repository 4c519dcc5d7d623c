#!/usr/bin/env bash
# Writes the JSON and text output of decode, verify, compare and subscriptions for every vector (TestVectors and, when
# present, ../shared/vectors) into OUT_DIR, one file per (subcommand, input), plus the exit status. Two runs of
# this script, from two builds, are compared with `diff -r`: refactors and speed work must not change a byte.
#
#   scripts/golden-outputs.sh BINARY OUT_DIR [VECTORS_DIR]
set -euo pipefail
binary=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
out=$2
here=$(cd "$(dirname "$0")/.." && pwd)
vectors=${3:-${APPRECEIPT_VECTORS:-../shared/vectors}}
mkdir -p "$out"
cd "$here"

inputs=()
while IFS= read -r file; do inputs+=("$file"); done < <(
    find TestVectors/receipts TestVectors/attacks TestVectors/malformed -type f | sort
    [ -d "$vectors" ] && find "$vectors" -type f ! -name '*.md' ! -name 'manifest.json' | sort
)
responses=()
while IFS= read -r file; do responses+=("$file"); done < <(
    find TestVectors/responses -name '*.json' ! -name 'expected.json' | sort
    [ -d "$vectors" ] && find "$vectors" -name 'verifyReceipt_*.json' | sort
)

# One output file per run: stdout, then the exit status on a line of its own.
run() {
    local name=$1
    shift
    local status=0
    "$binary" "$@" > "$out/$name" 2> /dev/null || status=$?
    echo "exit $status" >> "$out/$name"
}

key() { echo "$1" | sed -e "s|$vectors|shared|" -e 's|/|__|g' | cut -c1-180; }
# A short stable name for a (receipt, response) pair: file names are limited to 255 bytes.
pair_key() { echo "$(basename "$1" | cut -c1-60).$(echo "$1 $2" | sha256sum | cut -c1-16)"; }

count=0
for input in "${inputs[@]}"; do
    k=$(key "$input")
    run "decode.$k" decode "$input"
    run "verify.$k" verify "$input"
    run "verify-xcode-root.$k" verify --allow-xcode --trust-anchor TestVectors/pki/root.pem "$input"
    run "decode-text.$k" decode --format text "$input"
    run "verify-text.$k" verify --format text "$input"
    count=$((count + 5))
done
for response in "${responses[@]}"; do
    run "subscriptions.$(key "$response")" subscriptions "$response"
    run "subscriptions-at.$(key "$response")" subscriptions --at 2020-01-01T00:00:00Z "$response"
    run "subscriptions-text.$(key "$response")" subscriptions --format text "$response"
    count=$((count + 3))
done
# compare: every receipt-like input against the response made for it (TestVectors) or paired in the manifest.
for pair in one-inapp:one-inapp one-inapp:one-inapp-edited-bundle zero-inapp:zero-inapp many-inapp-200:many-inapp-200; do
    receipt=TestVectors/receipts/${pair%%:*}.b64
    response=TestVectors/responses/${pair##*:}.json
    run "compare.$(pair_key "$receipt" "$response")" compare --response "$response" "$receipt"
    count=$((count + 1))
done
if [ -f "$vectors/manifest.json" ]; then
    while IFS=$'\t' read -r receipt response; do
        run "compare.$(pair_key "$receipt" "$response")" compare --response "$vectors/$response" "$vectors/$receipt"
        run "compare-text.$(pair_key "$receipt" "$response")" compare --format text --response "$vectors/$response" "$vectors/$receipt"
        count=$((count + 2))
    done < <(python3 - "$vectors/manifest.json" << 'EOF'
import json, sys
for e in json.load(open(sys.argv[1])):
    if e['kind'] in ('receipt', 'ios6-receipt'):
        for p in e.get('pair', []):
            print(e['file'] + '\t' + p.split(' ')[0])
EOF
    )
fi

# ---- dump, batch commands and several FILEs at once (audit, summarize, multi-file decode/verify) ----
# audit at a fixed time (its record lines, text lines and --summary file) over the project's receipts and over a
# make_batch.py batch with damaged lines; summarize over that audit output; decode and verify with several FILEs
# (the streamed JSON array, --compact, --jsonl, text). stderr is left out: it carries elapsed times.
at=2026-01-01T00:00:00Z
run_with_summary() { # run_with_summary NAME ARGS...: stdout and exit status in NAME, the --summary file in NAME.summary
    local name=$1
    shift
    run "$name" "$@" --summary "$out/$name.summary"
}
# dump (not covered above): every project vector, damaged ones included, pretty and compact.
while IFS= read -r file; do
    run "dump.$(key "$file")" dump "$file"
    run "dump-compact.$(key "$file")" dump --compact "$file"
    count=$((count + 2))
done < <(find TestVectors/receipts TestVectors/attacks TestVectors/malformed -type f | sort)
run_with_summary "audit.testvectors" audit --jobs 1 --at "$at" TestVectors/receipts
run "audit-text.testvectors" audit --jobs 1 --format text --at "$at" TestVectors/receipts
run "audit-problems.testvectors" audit --jobs 2 --only-problems --at "$at" TestVectors/receipts
count=$((count + 4))
batch_script=${APPRECEIPT_BATCH_SCRIPT:-../shared/bench/make_batch.py}
if [ -f "$batch_script" ] && [ -d "$vectors" ]; then
    # Run inside the batch folder with relative names, so the sources the documents quote do not depend on it.
    batch=$(mktemp -d)
    python3 "$batch_script" "$batch" --reps 2 --malformed 0.1 --vectors "$vectors" > /dev/null
    out=$(cd "$out" && pwd)
    pushd "$batch" > /dev/null
    for records in records.jsonl receipts.b64l; do
        run_with_summary "audit.batch.$records" audit --jobs 2 --at "$at" "$records"
        run "audit-text.batch.$records" audit --jobs 1 --format text --at "$at" "$records"
        # summarize reads the audit output just written (the exit status line is not part of it).
        sed '$d' "$out/audit.batch.$records" > "$records.audit"
        run_with_summary "summarize.batch.$records" summarize "$records.audit"
        run "summarize-text.batch.$records" summarize --format text "$records.audit"
        count=$((count + 6))
    done
    several=(files/*)
    several=("${several[@]:0:40}")
    run "decode-several.batch" decode "${several[@]}"
    run "verify-several.batch" verify "${several[@]}"
    run "verify-several-compact.batch" verify --compact "${several[@]}" nonexistent-file
    run "verify-several-jsonl.batch" verify --jsonl "${several[@]}"
    run "verify-several-text.batch" verify --format text "${several[@]}"
    count=$((count + 5))
    popd > /dev/null
    rm -rf "$batch"
fi

echo "$count outputs in $out"
