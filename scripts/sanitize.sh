#!/usr/bin/env bash
# The whole test suite under AddressSanitizer (with LeakSanitizer) and UndefinedBehaviorSanitizer.
# `make sanitize` runs this. The build goes to .build/sanitize so it never disturbs the normal one.
#
#   scripts/sanitize.sh [swift test options ...]     e.g. --filter ASN1ReaderTests
#
# Leak reports are filtered only through scripts/lsan.supp, where each suppression says why it is not ours.
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."

SWIFT="${SWIFT:-swift}"
build_path=.build/sanitize
sanitizers=(--sanitize=address)

nice -n "${SANITIZE_NICE:-10}" "$SWIFT" build --build-tests --build-path "$build_path" "${sanitizers[@]}"

# halt_on_error: the first report fails the run (the test process, or the appreceipt child the CLI tests
# start, exits non-zero). detect_leaks: LeakSanitizer at every process exit, the test runner's included.
# SWIFT_BACKTRACE=enable=no: the Swift backtracer would otherwise race the sanitizer's own report on a trap.
export ASAN_OPTIONS="detect_leaks=1:halt_on_error=1:strict_string_checks=1:detect_stack_use_after_return=1"
export UBSAN_OPTIONS="halt_on_error=1:print_stacktrace=1"
export LSAN_OPTIONS="suppressions=$PWD/scripts/lsan.supp:print_suppressions=1"
export SWIFT_BACKTRACE=enable=no

# --disable-xctest: the suite is Swift Testing only, and the empty XCTest pass leaks inside libXCTest at exit.
"$SWIFT" test --skip-build --disable-xctest --build-path "$build_path" "${sanitizers[@]}" "$@"
