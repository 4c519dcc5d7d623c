#!/usr/bin/env bash
# The Python with Apple's app-store-server-library that the differential oracle test uses
# (Tests/ReceiptKitTests/AppleLibraryOracleTests, Tests/Oracle/): ${APPRECEIPT_ORACLE_VENV:-~/.cache/appreceipt/oracle-venv}.
#
#   scripts/ensure-oracle.sh            installs it (with cryptography, pyOpenSSL and PyJWT, about 30 MB from PyPI)
#                                       when missing; never fails. APPRECEIPT_NO_ORACLE=1: no install.
#   scripts/ensure-oracle.sh --python   prints that environment's python when it imports the library, else exits 1
set -uo pipefail
# shellcheck source=python-venv.sh
source "$(dirname "$0")/python-venv.sh"
venv_main "${APPRECEIPT_ORACLE_VENV:-${HOME:-/tmp}/.cache/appreceipt/oracle-venv}" app-store-server-library \
  appstoreserverlibrary.signed_data_verifier APPRECEIPT_NO_ORACLE \
  "Apple's app-store-server-library (about 30 MB from PyPI) for the oracle test" "$@"
