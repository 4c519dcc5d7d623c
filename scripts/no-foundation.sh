#!/usr/bin/env bash
# Fails when a file under Sources/ imports Foundation (or one of its parts). The library and the CLI do without
# it on purpose: linking Foundation made the static release binary 78 MB instead of 21 and cost every run about
# a millisecond of start-up (ARCHITECTURE.md: "The release binary"). Tests and benchmarks may use it.
#
#   scripts/no-foundation.sh [DIR...]
set -euo pipefail
dirs=("${@:-Sources}")
if matches=$(grep -rnE '^\s*(@[A-Za-z_]+(\([^)]*\))?\s+)*(public |internal |private |fileprivate |package )?import\s+(struct |class |enum |func |protocol |typealias |let |var )?Foundation' \
    --include='*.swift' "${dirs[@]}"); then
    echo "no-foundation: these files import Foundation, which Sources/ does without (see scripts/no-foundation.sh):" >&2
    echo "$matches" >&2
    exit 1
fi
