#!/usr/bin/env bash
# Points SwiftPM at the offline package mirror when there is one, and makes sure the native dependencies
# (OpenSSL 3, libcurl 4 and SQLite 3 headers, found through pkg-config) are present.
# Installs libssl-dev, libcurl4-openssl-dev, libsqlite3-dev and pkg-config with apt-get (--no-install-recommends) when they are
# missing and this user can, saying what it installs first; otherwise says how.
set -euo pipefail

# swift-argument-parser through the offline mirror when this machine has one (scripts/swiftpm-mirrors.sh).
"$(dirname "${BASH_SOURCE[0]}")/swiftpm-mirrors.sh"

have_openssl() { command -v pkg-config >/dev/null 2>&1 && pkg-config --exists 'openssl >= 3.0'; }
# libcurl carries compare --remote's HTTP (ReceiptRemote); the OpenSSL flavour, so TLS is the same OpenSSL 3.
have_curl() { command -v pkg-config >/dev/null 2>&1 && pkg-config --exists 'libcurl >= 7.85'; }
# SQLite keeps audit --index's cross-batch signal index (ReceiptAudit).
have_sqlite() { command -v pkg-config >/dev/null 2>&1 && pkg-config --exists 'sqlite3 >= 3.7'; }
# python3 runs the loopback verifyReceipt stand-in of the tests; it ships with the Swift images, but not everywhere.
have_python() { command -v python3 >/dev/null 2>&1; }
# groff checks the man page's mdoc in `make lint`, which `make test` runs first.
have_groff() { command -v groff >/dev/null 2>&1; }

if have_openssl && have_curl && have_sqlite && have_python && have_groff; then
  exit 0
fi

if command -v apt-get >/dev/null 2>&1; then
  runner=()
  if [ "$(id -u)" -ne 0 ]; then
    if command -v sudo >/dev/null 2>&1; then runner=(sudo); else
      echo "appreceipt: build dependencies are missing; run as root:" \
        "apt-get install --no-install-recommends libssl-dev libcurl4-openssl-dev libsqlite3-dev pkg-config python3" \
        "groff-base" >&2
      exit 1
    fi
  fi
  echo "appreceipt: installing libssl-dev, libcurl4-openssl-dev, libsqlite3-dev, pkg-config, python3 and groff-base with" \
    "apt-get install --no-install-recommends (and apt-get update first)" >&2
  "${runner[@]}" apt-get update -qq
  DEBIAN_FRONTEND=noninteractive "${runner[@]}" apt-get install -y -qq --no-install-recommends \
    libssl-dev libcurl4-openssl-dev libsqlite3-dev pkg-config python3 groff-base >/dev/null
fi

if ! have_openssl; then
  echo "appreceipt: OpenSSL 3 development files not found through pkg-config." >&2
  echo "  Debian/Ubuntu: apt-get install libssl-dev pkg-config    macOS: brew install openssl@3 pkg-config" >&2
  exit 1
fi

if ! have_sqlite; then
  echo "appreceipt: SQLite 3 development files not found through pkg-config." >&2
  echo "  Debian/Ubuntu: apt-get install --no-install-recommends libsqlite3-dev    macOS: brew install sqlite" >&2
  exit 1
fi

if ! have_curl; then
  echo "appreceipt: libcurl 7.85 or later (development files) not found through pkg-config." >&2
  echo "  Debian/Ubuntu: apt-get install --no-install-recommends libcurl4-openssl-dev    macOS: brew install curl" >&2
  exit 1
fi
