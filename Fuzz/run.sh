#!/usr/bin/env bash
# Builds the libFuzzer targets and runs them one after another (see Fuzz/README.md). `make fuzz` runs this.
#
#   Fuzz/run.sh [TARGET ...]        (default: every target; FUZZ_TARGETS="a b" does the same)
#
# FUZZ_SECONDS  seconds per target (default 60)
# FUZZ_NICE     nice level of the fuzzers (default 19: the machine is shared)
# FUZZ_FLAGS    extra libFuzzer flags, e.g. "-max_len=8192"
#
# Per target: the growing corpus is Fuzz/corpus/TARGET/ (seeded from Fuzz/seeds/TARGET/, which make-corpus.sh
# rebuilds), libFuzzer's output goes to Fuzz/logs/TARGET.log, and what it finds to Fuzz/artifacts/TARGET/.
# Each distinct crash (by the first ReceiptKit frame of its stack), timeout or out-of-memory input is copied to
# Fuzz/regressions/TARGET/ and listed in Fuzz/regressions/MANIFEST, so `make test` replays it from then on.
# The summary table goes to stdout and Fuzz/logs/summary.txt. Exit status 1 when anything was found.
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."

# The Swift backtracer would take over a crashing fuzzer and leave libFuzzer waiting for it. Leak reports go
# through the suite's suppressions (scripts/lsan.supp says why each is not the project's).
export SWIFT_BACKTRACE=enable=no
export LSAN_OPTIONS="suppressions=$PWD/scripts/lsan.supp"

SWIFT="${SWIFT:-swift}"
seconds="${FUZZ_SECONDS:-60}"
niceness="${FUZZ_NICE:-19}"
read -r -a targets <<<"${*:-${FUZZ_TARGETS:-decode-verify asn1 plist jws json subscriptions audit-record}}"
# --sanitize=fuzzer tells SwiftPM to leave main to libFuzzer. The sanitizers themselves go in one -sanitize= list:
# swiftc keeps only the last -sanitize= option, and SwiftPM emits one per --sanitize in no fixed order, so
# `--sanitize=fuzzer --sanitize=address` builds either without coverage or without AddressSanitizer.
build=("$SWIFT" build -c release --package-path Fuzz --sanitize=fuzzer -Xswiftc -sanitize=fuzzer,address)

echo "run.sh: building the fuzz targets (release, address sanitizer, Fuzz/.build)" >&2
# As in Benchmarks/run.sh: SwiftPM can miss files added to the main package; retry once from scratch.
if ! "${build[@]}" >&2; then
  echo "run.sh: incremental build failed; rebuilding Fuzz/.build from scratch" >&2
  rm -rf Fuzz/.build
  "${build[@]}" >&2
fi
bin_dir="$("${build[@]}" --show-bin-path)"
for target in "${targets[@]}"; do
  [ -x "$bin_dir/fuzz-$target" ] || { echo "run.sh: no fuzz target named $target" >&2; exit 64; }
  # A build without coverage fuzzes blind (every run "new", cov 0); refuse it rather than report nonsense.
  banner="$("$bin_dir/fuzz-$target" -runs=0 2>&1 || true)"
  if ! grep -q 'inline 8-bit counters' <<<"$banner"; then
    echo "run.sh: fuzz-$target has no coverage instrumentation; rm -rf Fuzz/.build and retry" >&2
    exit 1
  fi
  symbols="$(nm "$bin_dir/fuzz-$target")"
  grep -q ' __asan_init' <<<"$symbols" || { echo "run.sh: fuzz-$target lacks AddressSanitizer" >&2; exit 1; }
done
Fuzz/make-corpus.sh "${targets[@]}" >&2

# The ReceiptKit source line a crash input traps at (or the harness line when no ReceiptKit frame shows);
# "unreproduced" when running the input alone reports nothing.
crash_site() {
  local stack
  stack="$(timeout 120 "$bin_dir/fuzz-$1" -runs=1 "$2" 2>&1 || true)"
  if ! grep -qE 'ERROR: |deadly signal' <<<"$stack"; then
    echo unreproduced
    return
  fi
  { grep -o '/Sources/ReceiptKit/[^ ]*' <<<"$stack" || grep -o '/Fuzz/Harnesses/[^ ]*' <<<"$stack" || echo unknown; } \
    | head -1 | sed -e 's|^/Sources/ReceiptKit/||' -e 's|^/Fuzz/||' -e 's|:[0-9]*$||'
}

# Copies one artifact per distinct crash site (or kind, for timeouts and OOMs) into the regressions.
save_regressions() {
  local target="$1" artifacts="Fuzz/artifacts/$1" folder="Fuzz/regressions/$1" file kind site seen=""
  mkdir -p "$folder"
  while read -r file; do
    kind="$(basename "$file" | cut -d- -f1)"
    case "$kind" in
      crash | leak) site="$(crash_site "$target" "$file")" ;;
      timeout | oom | slow) site="$kind" ;;
      *) continue ;;
    esac
    if [ "$site" = unreproduced ]; then
      echo "    $kind input $(basename "$file") reports nothing when run alone; left in $artifacts, not saved"
      continue
    fi
    grep -qxF "$site" <<<"$seen" && continue
    seen="$seen"$'\n'"$site"
    local name
    name="$kind-$(sha1sum "$file" | cut -c1-12)"
    if [ ! -f "$folder/$name" ]; then
      cp "$file" "$folder/$name"
      printf '%s/%s\t%s at %s, found by make fuzz on %s\n' "$target" "$name" "$kind" "$site" "$(date -u +%F)" \
        >>Fuzz/regressions/MANIFEST
    fi
    echo "    $kind at $site -> $folder/$name"
  done < <(ls -Sr "$artifacts"/* 2>/dev/null || true)
}

mkdir -p Fuzz/logs
summary="Fuzz/logs/summary.txt"
printf '%-14s %10s %6s %7s %6s %6s  %s\n' target runs cov ft corpus time "found (crash/timeout/oom)" | tee "$summary"
found_any=0
for target in "${targets[@]}"; do
  mkdir -p "Fuzz/corpus/$target" "Fuzz/artifacts/$target"
  rm -f "Fuzz/artifacts/$target"/*
  dict=()
  [ -f "Fuzz/dictionaries/$target.dict" ] && dict=("-dict=Fuzz/dictionaries/$target.dict")
  log="Fuzz/logs/$target.log"
  echo "run.sh: $target for ${seconds}s (log: $log)" >&2
  # -fork=1 with -ignore_*: one fuzzing child at a time, restarted after a crash, so that one known bug does not
  # end the campaign. -timeout=10: an input taking longer is a blow-up; -rss_limit_mb: so is one using 2 GB.
  # shellcheck disable=SC2086
  nice -n "$niceness" "$bin_dir/fuzz-$target" \
    -fork=1 -ignore_crashes=1 -ignore_timeouts=1 -ignore_ooms=1 -timeout=10 -rss_limit_mb=2048 \
    -max_total_time="$seconds" -artifact_prefix="Fuzz/artifacts/$target/" "${dict[@]}" ${FUZZ_FLAGS:-} \
    "Fuzz/corpus/$target" "Fuzz/seeds/$target" >"$log" 2>&1 || true
  last="$(grep -E '^#[0-9]+: cov: ' "$log" | tail -1 || true)"
  field() { sed -nE "s|.* $1: ([^ ]+).*|\\1|p" <<<"$last"; }
  runs="$(sed -nE 's/^#([0-9]+):.*/\1/p' <<<"$last")"
  printf '%-14s %10s %6s %7s %6s %6s  %s\n' "$target" "${runs:-?}" "$(field cov)" "$(field ft)" "$(field corp)" \
    "$(field time)" "$(field oom/timeout/crash | awk -F/ '{ print $3 "/" $2 "/" $1 }')" | tee -a "$summary"
  if ls "Fuzz/artifacts/$target"/* >/dev/null 2>&1; then
    found_any=1
    save_regressions "$target" | tee -a "$summary"
  fi
done
exit "$found_any"
