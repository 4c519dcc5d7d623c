#!/usr/bin/env bash
# Reads a `swift test` log and prints one line saying how many tests skipped because the shared real-receipt
# corpus was absent, and where it was looked for, so a clone without the corpus cannot pass unnoticed.
# Corpus tests skip with a comment starting "shared corpus absent" (Tests/*/Support: Fixtures, Corpus).
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
