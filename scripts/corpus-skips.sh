#!/usr/bin/env bash
# Reads a `swift test` log and prints how many tests skipped because the shared real-receipt
# corpus was absent, and where it was looked for, so a clone without the corpus cannot pass unnoticed.
# Corpus tests skip with a comment starting "shared corpus absent" (Tests/TestSupport/Corpus.swift).
#
#   scripts/corpus-skips.sh LOG
set -euo pipefail
log=$1
corpus=${APPRECEIPT_VECTORS:-../shared/vectors}
# Swift Testing reports a skipped suite and each test in it; tests are what is counted.
skipped=$(grep -cE 'Test .* skipped: "shared corpus absent' "$log" || true)
if [ "$skipped" -eq 0 ]; then
    echo "corpus: 0 tests skipped (corpus at $corpus)"
else
    echo "corpus: $skipped tests SKIPPED: no manifest.json in $corpus; set APPRECEIPT_VECTORS=DIR to run them"
fi
# Every other skipped test is counted too, by its reason, so no test that could not run passes as run.
others=$(grep -E 'Test .* skipped: "' "$log" | grep -v 'skipped: "shared corpus absent' | sed -E 's/.* skipped: "(.*)"$/\1/' \
    | sort | uniq -c | sed -E 's/^ *([0-9]+) (.*)$/\1 (\2)/' | paste -sd ';' - | sed 's/;/; /g' || true)
if [ -z "$others" ]; then
    echo "other skips: 0 tests"
else
    echo "other skips: $others"
fi
