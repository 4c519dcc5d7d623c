#!/usr/bin/env bash
# Time and peak memory of appreceipt over the hostile inputs of issue 8 (memory and CPU blow-ups), full size.
#
#   Benchmarks/hostile.sh [BINARY] [WORK_DIR]
#
# BINARY defaults to .build/release/appreceipt (build it with `swift build -c release`); WORK_DIR (default
# /tmp/appreceipt-hostile) receives the inputs from scripts/make-hostile-inputs.py, about 450 MB. Each line:
# the command, wall seconds, user+system CPU seconds, peak resident memory, the input size, and the exit
# status with the first line of stderr. The goal: every case under 2 s and under 10x its input in memory,
# except the two "at-limit" inputs, which are processed in full and show what the largest accepted input costs.
# Wall time on a shared machine varies with the load; CPU time is the steadier figure.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
binary=$(realpath "${1:-$here/.build/release/appreceipt}")
work=${2:-/tmp/appreceipt-hostile}
[ -x "$binary" ] || { echo "no binary at $binary (swift build -c release)" >&2; exit 1; }
[ -f "$work/response-at-limit.json" ] || python3 "$here/scripts/make-hostile-inputs.py" "$work"
receipt=$here/TestVectors/receipts/one-inapp.b64

measure() {
    local input=$1
    shift
    local stats status=0
    stats=$(mktemp)
    /usr/bin/time -f "%e %U %S %M" -o "$stats" "$binary" "$@" > /dev/null 2> "$stats.err" || status=$?
    # time(1) puts "Command exited with non-zero status N" before its figures.
    read -r wall user sys kb < <(tail -1 "$stats")
    local size
    size=$(stat -c %s "$input")
    printf '%-58s %6.2f s  cpu %5.2f s  %7.1f MB  (%5.1fx of %6.1f MB)  exit %d  %s\n' \
        "$*" "$wall" "$(echo "$user + $sys" | bc)" "$(echo "$kb / 1024" | bc -l)" \
        "$(echo "$kb * 1024 / $size" | bc -l)" "$(echo "$size / 1048576" | bc -l)" "$status" \
        "$(head -c 110 "$stats.err" | head -1 | sed 's/^appreceipt: error: //')"
    rm -f "$stats" "$stats.err"
}

cd "$work"
measure jws-dots.txt verify jws-dots.txt
measure jws-dots-body.json verify jws-dots-body.json
measure hashes-100mb.txt verify hashes-100mb.txt
measure hashes-60mb.txt verify hashes-60mb.txt
measure der-nulls-50mb.der verify der-nulls-50mb.der
measure der-nulls-50mb.der dump der-nulls-50mb.der
measure attributes-1m.der verify attributes-1m.der
measure attributes-spread-1m.der verify attributes-spread-1m.der
measure dump-nulls-4mb.der dump dump-nulls-4mb.der
measure dump-nulls-4mb.der dump --format text dump-nulls-4mb.der
measure ber-nested-indefinite.der verify ber-nested-indefinite.der
measure ber-nested-indefinite.der dump ber-nested-indefinite.der
measure json-values.json subscriptions json-values.json
measure response-1m.json compare --response response-1m.json "$receipt"
measure response-1m.json subscriptions response-1m.json
measure response-at-limit.json compare --response response-at-limit.json "$receipt"
measure response-at-limit.json subscriptions response-at-limit.json
measure inapp-at-limit.der decode inapp-at-limit.der
measure inapp-at-limit.der verify inapp-at-limit.der
measure inapp-at-limit.der dump --format text inapp-at-limit.der
