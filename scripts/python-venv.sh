# Sourced by scripts/ensure-spark.sh and scripts/ensure-oracle.sh: one virtual environment outside the clone per
# tool a test needs from PyPI, made once, so that a fresh clone does not fetch it again.
#
#   venv_main VENV PACKAGE MODULE NO_VAR WHAT "$@"
#     --python: prints VENV's python when it imports MODULE, else exits 1.
#     otherwise: installs PACKAGE into VENV when MODULE does not import and $NO_VAR is unset, saying so on stderr
#     first (WHAT names the download and the test); never fails: without it the test skips and says why.

venv_ready() { [ -x "$1/bin/python" ] && "$1/bin/python" -c "import $2" >/dev/null 2>&1; }

venv_main() {
  local venv=$1 package=$2 module=$3 no_var=$4 what=$5
  shift 5
  if [ "${1:-}" = "--python" ]; then
    venv_ready "$venv" "$module" && echo "$venv/bin/python"
    exit $?
  fi
  if venv_ready "$venv" "$module" || [ -n "${!no_var:-}" ]; then
    exit 0
  fi
  echo "appreceipt: installing $what into $venv (once; $no_var=1 skips)" >&2
  if ! { python3 -m venv "$venv" && "$venv/bin/pip" install --quiet "$package"; } >/dev/null 2>&1; then
    echo "appreceipt: installing $package failed; its test will skip" >&2
  fi
  exit 0
}
