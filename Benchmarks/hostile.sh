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
#
# Results at the commit that added this script (release build, 2-core VM under a load average of 16; CPU seconds,
# peak memory; the process alone takes 30 MB). Before the limits, the issue measured 2.8 s / 575 MB for the dots,
# 16 s for 100 MB of '#', 8.6 s / 3.2 GB for the NULLs, 3.7 s / 727 MB for 1 M attributes, 15 s / 2.5 GB for dump
# and 78 s / 9 GB for compare over 1 M subscriptions.
#   verify jws-dots.txt (10 MB)                       0.02 s   40 MB  refused: not base64 at offset 5
#   verify jws-dots-body.json (10 MB)                 0.07 s   59 MB  refused: signed payload is not a compact JWS
#   verify hashes-100mb.txt                           0.10 s   89 MB  refused: input too large (64 MiB)
#   verify hashes-60mb.txt                            0.11 s   89 MB  refused: not base64 at offset 0
#   verify der-nulls-50mb.der                         0.12 s   89 MB  refused: expected OBJECT IDENTIFIER at offset 6
#   dump der-nulls-50mb.der                           0.11 s   96 MB  refused: too many elements to dump
#   verify attributes-1m.der (10 MB)                  0.04 s   50 MB  refused: too many attributes in the SET
#   verify attributes-spread-1m.der (11 MB)           0.17 s  101 MB  refused: too many attributes in one receipt
#   dump dump-nulls-4mb.der                           0.03 s   45 MB  refused: too many elements to dump
#   dump ber-nested-indefinite.der (6 MB)             0.08 s   48 MB  refused: too many elements to dump
#   subscriptions json-values.json (11 MB)            0.44 s  123 MB  refused: too many JSON values
#   compare --response response-1m.json (167 MB)      0.21 s   93 MB  refused: input too large (64 MiB)
#   compare --response response-at-limit.json (3 MB)  0.98 s  191 MB  processed (20000 subscriptions)
#   decode inapp-at-limit.der (6 MB)                  0.90 s  189 MB  processed (20000 purchases)
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
