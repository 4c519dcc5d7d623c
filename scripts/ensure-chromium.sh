#!/usr/bin/env bash
# Makes sure a headless browser is there for the report's screenshot test (Tests/ReceiptCLITests/ReportScreenshotTests):
# installs Debian's chromium with apt-get when it is missing and this user can. Never fails: without a browser the
# test skips and says why. APPRECEIPT_NO_BROWSER=1 skips the install (the test then skips too, unless one is there).
set -uo pipefail

have_browser() { command -v chromium >/dev/null 2>&1 || command -v chromium-browser >/dev/null 2>&1; }

if have_browser || [ -n "${APPRECEIPT_NO_BROWSER:-}" ]; then
  exit 0
fi
if ! command -v apt-get >/dev/null 2>&1; then
  echo "appreceipt: no chromium and no apt-get: the report screenshot test will skip" >&2
  exit 0
fi
runner=()
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then runner=(sudo -n); else
    echo "appreceipt: chromium is missing (apt-get install chromium as root); the report screenshot test will skip" >&2
    exit 0
  fi
fi
echo "appreceipt: installing chromium and fonts-dejavu-core with apt-get for the report screenshot test" >&2
"${runner[@]}" apt-get update -qq >/dev/null 2>&1
if ! DEBIAN_FRONTEND=noninteractive "${runner[@]}" apt-get install -y -qq --no-install-recommends chromium fonts-dejavu-core >/dev/null 2>&1; then
  echo "appreceipt: installing chromium failed; the report screenshot test will skip" >&2
fi
exit 0
