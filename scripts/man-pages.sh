#!/usr/bin/env bash
# The man pages in man/ come from the command declarations (Sources/ReceiptCLI/Commands): swift-argument-parser's
# generate-manual plugin writes appreceipt.1 and one page per subcommand, and scripts/mdoc-sections.py lays out the
# discussions' paragraphs, tables and EXIT STATUS / EXAMPLES / ENVIRONMENT blocks as mdoc (appreceipt.decode.1
# becomes appreceipt-decode.1 and appreceipt.index.stats.1 appreceipt-index-stats.1, the names man(1) users type).
#
#   scripts/man-pages.sh           regenerate man/*.1 (`make man`)
#   scripts/man-pages.sh --check   fail when the committed pages differ from what the declarations generate
#                                  (`make lint`); the .Dd date line is left out of the comparison
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."

SWIFT="${SWIFT:-swift}"
mode="${1:-write}"
generated="$(mktemp -d)"
trap 'rm -rf "$generated"' EXIT

# The plugin builds the package (debug, as `make build` does) and writes into its own work folder.
log="$generated/plugin.log"
if ! "$SWIFT" package plugin generate-manual --multi-page --configuration debug >"$log" 2>&1; then
  cat "$log" >&2
  echo "man-pages: the generate-manual plugin failed" >&2
  exit 1
fi
outputs=".build/plugins/GenerateManual/outputs/appreceipt"
[ -d "$outputs" ] || { echo "man-pages: no pages in $outputs" >&2; exit 1; }
mkdir -p "$generated/man"
for page in "$outputs"/*.1; do
  name="$(basename "$page")"
  case "$name" in
    appreceipt.help.1) continue ;; # `help` is ArgumentParser's own, documented in appreceipt(1)
    appreceipt.1) target=appreceipt.1 ;;
    *) base="${name#appreceipt.}" && base="${base%.1}" && target="appreceipt-${base//./-}.1" ;; # index.stats: index-stats
  esac
  scripts/mdoc-sections.py "$page" >"$generated/man/$target"
done

if [ "$mode" != "--check" ]; then
  mkdir -p man
  rm -f man/*.1
  cp "$generated"/man/*.1 man/
  echo "man-pages: wrote $(ls man/*.1 | tr '\n' ' ')" >&2
  exit 0
fi

status=0
without_date() { sed '/^\.Dd /d' "$1"; }
for page in "$generated"/man/*.1; do
  name="$(basename "$page")"
  if [ ! -f "man/$name" ]; then
    echo "man-pages: man/$name is missing; run make man" >&2
    status=1
  elif ! diff -u <(without_date "man/$name") <(without_date "$page") >"$generated/diff"; then
    echo "man-pages: man/$name differs from what the declarations generate; run make man:" >&2
    head -40 "$generated/diff" >&2
    status=1
  fi
done
for page in man/*.1; do
  if [ ! -f "$generated/man/$(basename "$page")" ]; then
    echo "man-pages: $page is not generated from any command; remove it or run make man" >&2
    status=1
  fi
done
exit $status
