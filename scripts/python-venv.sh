# Sourced by scripts/ensure-spark.sh and scripts/ensure-oracle.sh: one virtual environment outside the clone per
# tool a test needs from PyPI, made once, so that a fresh clone does not fetch it again.
#
#   venv_main VENV PACKAGE MODULE NO_VAR WHAT "$@"
#     --python: prints VENV's python when it imports MODULE, else exits 1.
#     otherwise: installs PACKAGE into VENV when MODULE does not import and $NO_VAR is unset, saying so on stderr
#     first (WHAT names the download and the test); never fails: without it the test skips and says why.

# Debian splits `python3 -m venv` into python3-venv: install it the way ensure-deps.sh installs the build's packages
# (saying so first, --no-install-recommends), or say why the test will skip.
venv_module() {
  python3 -c 'import venv, ensurepip' >/dev/null 2>&1 && return 0
  local runner=()
  [ "$(id -u)" -eq 0 ] || { command -v sudo >/dev/null 2>&1 && runner=(sudo); } || runner=(false)
  if command -v apt-get >/dev/null 2>&1 && [ "${runner[0]:-}" != false ]; then
    echo "appreceipt: installing python3-venv with apt-get install --no-install-recommends (for $1)" >&2
    DEBIAN_FRONTEND=noninteractive "${runner[@]}" apt-get install -y -qq --no-install-recommends python3-venv \
      >/dev/null 2>&1
  fi
  python3 -c 'import venv, ensurepip' >/dev/null 2>&1 && return 0
  echo "appreceipt: python3 has no venv module (Debian: apt-get install python3-venv); $1 will skip" >&2
  return 1
}

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
  venv_module "$what" || exit 0
  echo "appreceipt: installing $what into $venv (once; $no_var=1 skips)" >&2
  if ! { python3 -m venv "$venv" && "$venv/bin/pip" install --quiet "$package"; } >/dev/null 2>&1; then
    echo "appreceipt: installing $package failed; its test will skip" >&2
  fi
  exit 0
}
