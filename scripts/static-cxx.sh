#!/usr/bin/env bash
# Prepares DIR so that linking with -L DIR takes the C++ runtime (which the toolchain's static Swift runtime
# needs) from libstdc++.a instead of libstdc++.so: the linker searches -L directories in order, and DIR holds
# only the archive. The release binary then depends on no C++ or Swift library at run time.
#
#   scripts/static-cxx.sh DIR
set -euo pipefail
dir=$1
archive=""
for compiler in clang gcc cc; do
    command -v "$compiler" > /dev/null || continue
    candidate=$("$compiler" -print-file-name=libstdc++.a 2> /dev/null || true)
    if [ -f "$candidate" ]; then archive=$candidate; break; fi
done
if [ -z "$archive" ]; then
    echo "static-cxx: libstdc++.a not found (install the libstdc++ development package, e.g. libstdc++-12-dev)" >&2
    exit 1
fi
mkdir -p "$dir"
ln -sf "$archive" "$dir/libstdc++.a"
