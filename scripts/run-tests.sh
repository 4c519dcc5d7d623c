#!/usr/bin/env bash
# Runs the already built test suite and ends with the number of corpus tests that skipped (scripts/corpus-skips.sh).
# The exit status is the test run's.
#
#   scripts/run-tests.sh [swift test options]     (SWIFT=path/to/swift to use another toolchain)
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
log=$(mktemp)
trap 'rm -f "$log"' EXIT
"${SWIFT:-swift}" test --skip-build "$@" 2>&1 | tee "$log"
status=${PIPESTATUS[0]}
"$here/corpus-skips.sh" "$log"
exit "$status"
