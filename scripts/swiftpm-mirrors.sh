#!/usr/bin/env bash
# Points SwiftPM at the offline mirror of swift-argument-parser when there is one, for the main package and the
# two packages that depend on it by path (Benchmarks/, Fuzz/). A build machine without GitHub keeps bare copies
# in ../shared/mirrors (beside the clone, or beside the repository it was cloned from when that is a local
# path: a CI clone into a temporary folder has no ../shared of its own). Without the folder nothing is set and
# SwiftPM fetches from GitHub as on any user's machine. The setting lives in .swiftpm/configuration/mirrors.json
# of each package (git ignores .swiftpm/); the committed Package.resolved names GitHub either way.
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."

SWIFT="${SWIFT:-swift}"
original=https://github.com/apple/swift-argument-parser.git
mirror_name=shared/mirrors/swift-argument-parser.git

find_mirror() {
  local candidate origin
  candidate="$PWD/../$mirror_name"
  if [ -d "$candidate" ]; then (cd "$candidate" && pwd); return; fi
  origin="$(git config remote.origin.url 2>/dev/null || true)"
  origin="${origin#file://}"
  case "$origin" in
    "" | *://* | *@*:*) return ;; # no origin, or a remote one: no mirror beside it
  esac
  candidate="$origin/../$mirror_name"
  if [ -d "$candidate" ]; then (cd "$candidate" && pwd); fi
}

mirror="$(find_mirror)"
[ -n "$mirror" ] || exit 0

for package in . Benchmarks Fuzz; do
  config="$package/.swiftpm/configuration/mirrors.json"
  # Already pointing there: nothing to do (set-mirror costs a SwiftPM start-up).
  if [ -f "$config" ] && grep -qF "\"$mirror\"" "$config"; then continue; fi
  "$SWIFT" package --package-path "$package" config set-mirror --original "$original" --mirror "$mirror"
  echo "appreceipt: $package resolves $original through the mirror $mirror" >&2
done
