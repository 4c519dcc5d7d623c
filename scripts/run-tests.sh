#!/usr/bin/env bash
# Runs the already built test suite with a TMPDIR of its own (.build/test-tmp, emptied first), ends with the
# number of tests that skipped and why (scripts/corpus-skips.sh), and fails, naming them, when the tests left
# anything in that TMPDIR (every test makes its temporary files through Tests/TestSupport's TemporaryDirectory,
# which removes them). The exit status is the test run's, or 1 for leftovers.
#
#   scripts/run-tests.sh [swift test options]     (SWIFT=path/to/swift to use another toolchain)
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
log=$(mktemp)
trap 'rm -f "$log"' EXIT
tmp="$here/../.build/test-tmp"
rm -rf "$tmp" && mkdir -p "$tmp" && tmp=$(cd "$tmp" && pwd)
TMPDIR="$tmp" "${SWIFT:-swift}" test --skip-build "$@" 2>&1 | tee "$log"
status=${PIPESTATUS[0]}
"$here/corpus-skips.sh" "$log"
# swift test itself keeps its lock files (*.lock) and TemporaryDirectory.* folders there; they are not the tests'.
left=$(find "$tmp" -mindepth 1 -maxdepth 1 ! -name '*.lock' ! -name 'TemporaryDirectory.*' | sed "s|^$tmp/||" | sort)
if [ -n "$left" ]; then
    echo "temporary files: the tests left $(echo "$left" | wc -l) in $tmp: $(echo "$left" | paste -sd ' ' -)"
    [ "$status" -ne 0 ] || status=1
else
    echo "temporary files: none left behind"
fi
exit "$status"
